/**
 * Errors as the log sees them. Drizzle puts a failed statement's parameters into the
 * message (`Failed query: ...\nparams: ...`) and PostgreSQL puts row values into `detail`
 * (`Key (login_id)=(someone@example.in) already exists`): both carry personal data. The
 * log keeps the SQL text, the codes and the stack, never the values.
 */
export interface SafeErrorLog {
  type: string;
  message: string;
  stack: string;
  code?: string;
  query?: string;
  constraint?: string;
  table?: string;
  column?: string;
  cause?: SafeErrorLog;
}

const PARAMS_LINE = /\nparams: [\s\S]*$/;

// PostgreSQL quotes the offending value after a colon (`invalid input syntax for type integer: "..."`).
const QUOTED_VALUE = /: ".*"$/gm;

function scrub(message: string): string {
  return message.replace(PARAMS_LINE, '\nparams: [hidden]').replace(QUOTED_VALUE, ': [hidden]');
}

function pick(error: Record<string, unknown>, key: string): string | undefined {
  const value = error[key];
  return typeof value === 'string' ? value : undefined;
}

export function safeErrorLog(error: unknown, depth = 0): SafeErrorLog {
  if (!(error instanceof Error)) return { type: typeof error, message: '[not an Error]', stack: '' };
  const fields = error as unknown as Record<string, unknown>;
  const message = scrub(error.message);
  // The stack's first line repeats the message; the rest are frames, free of values.
  const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
  const out: SafeErrorLog = { type: error.name, message, stack: [message, ...frames].join('\n') };
  for (const key of ['code', 'query', 'constraint', 'table', 'column'] as const) {
    const value = pick(fields, key);
    if (value !== undefined) out[key] = value;
  }
  if (fields.cause !== undefined && depth < 3) out.cause = safeErrorLog(fields.cause, depth + 1);
  return out;
}
