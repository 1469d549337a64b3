import type { ApiError } from '@/lib/api-error';

export type ImportProblem = { line: number | null; key: string; message: string };

/** Problems keyed "line N" first, by line number; any other key after them. */
export function problemsOf(error: Pick<ApiError, 'errors'>): ImportProblem[] {
  const out: ImportProblem[] = [];
  for (const [key, messages] of Object.entries(error.errors)) {
    const match = /^line (\d+)$/i.exec(key);
    for (const message of messages) out.push({ line: match ? Number(match[1]) : null, key, message });
  }
  return out.sort((a, b) => (a.line ?? Infinity) - (b.line ?? Infinity));
}
