import { createECDH, createPublicKey } from 'node:crypto';
import { decodeBase64url } from '@app/shared/base64url';
import { P256DH_BYTES } from '@app/shared/schemas/push';

/**
 * Whether `key` (base64url) is an uncompressed P-256 public key that is a point on the
 * curve: the length and the 0x04 can be read, the curve only by importing it. A browser's
 * p256dh and a VAPID public key must both be; anything else would fail every send.
 */
export function isP256PublicKey(key: string): boolean {
  const bytes = decodeBase64url(key);
  if (!bytes || bytes.length !== P256DH_BYTES || bytes[0] !== 0x04) return false;
  const b64 = (part: Uint8Array) => Buffer.from(part).toString('base64url');
  try {
    createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64(bytes.subarray(1, 33)), y: b64(bytes.subarray(33)) }, format: 'jwk' });
    return true;
  } catch {
    return false;
  }
}

/** Whether `privateKey` (base64url, 32 bytes) is the private half of `publicKey` (base64url, uncompressed). */
export function isP256KeyPair(publicKey: string, privateKey: string): boolean {
  const secret = decodeBase64url(privateKey);
  if (!secret || secret.length !== 32) return false;
  try {
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(secret));
    return ecdh.getPublicKey('base64url') === publicKey.replace(/=+$/, '');
  } catch {
    return false;
  }
}
