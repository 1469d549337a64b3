import crypto from 'node:crypto';

/**
 * The CSP sources (`sha256-...`) of the inline scripts in a page the build wrote: index.html
 * carries MUI's colour-scheme script inline (decision 076), so that a phone does not wait one
 * more round trip before its first paint. Any other inline script stays refused.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const code = match[1] ?? '';
    if (code.trim() !== '') hashes.add(`sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
