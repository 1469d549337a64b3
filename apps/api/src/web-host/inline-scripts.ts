import crypto from 'node:crypto';

/**
 * The CSP sources (`sha256-...`) of the inline scripts in a page the build wrote: index.html
 * carries its boot script inline (decision 042), so that a phone does not wait one more round
 * trip for it before it draws anything. Any other inline script stays refused.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const code = match[1] ?? '';
    if (code.trim() !== '') hashes.add(`sha256-${crypto.createHash('sha256').update(code, 'utf8').digest('base64')}`);
  }
  return [...hashes];
}
