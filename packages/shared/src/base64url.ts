// base64url as Web Push carries keys (RFC 8291). No zod here: the web app's start-up reads it.

/** What `PushSubscription.toJSON()` gives: base64url, no padding (some libraries pad). */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The bytes of a base64url text, or null when it is not base64url. Works in browsers and Node. */
export function decodeBase64url(value: string): Uint8Array | null {
  if (!BASE64URL.test(value)) return null;
  const plain = value.replace(/=+$/, '').replaceAll('-', '+').replaceAll('_', '/');
  if (plain.length % 4 === 1) return null;
  try {
    const binary = atob(plain.padEnd(Math.ceil(plain.length / 4) * 4, '='));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch {
    return null;
  }
}
