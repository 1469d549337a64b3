import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3 {
  /** A STORAGE_URL for the bucket. */
  storageUrl: string;
  close(): Promise<void>;
}

/**
 * s3rver writes its listings' continuation tokens with single DES, which the OpenSSL 3 of
 * current Node refuses: every listing of more than 1,000 keys (one page) failed with
 * "InternalError". Triple DES with one key three times is single DES, and OpenSSL still has
 * it: asked for 'des', s3rver gets that, in this test process only. Nothing else asks for 'des'.
 */
function letS3rverPage(): void {
  const patched = crypto as typeof crypto & { s3rverDes?: true };
  if (patched.s3rverDes) return;
  const { createCipheriv, createDecipheriv } = crypto;
  const tripled = (key: crypto.CipherKey) => Buffer.concat([Buffer.from(key as Buffer), Buffer.from(key as Buffer), Buffer.from(key as Buffer)]);
  Object.assign(crypto, {
    s3rverDes: true,
    createCipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: never) =>
      algorithm === 'des' ? createCipheriv('des-ede3-cbc', tripled(key), iv) : createCipheriv(algorithm, key, iv, options),
    createDecipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null, options?: never) =>
      algorithm === 'des' ? createDecipheriv('des-ede3-cbc', tripled(key), iv) : createDecipheriv(algorithm, key, iv, options),
  });
}

/**
 * A real S3 protocol server on a free port with one bucket, for tests. It checks request
 * signatures against its fixed key pair, which is set as the standard AWS variables.
 */
export async function startTestS3(bucket = 'kabadi-photos'): Promise<TestS3> {
  letS3rverPage();
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'kabadi-s3-'));
  const server = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  process.env.AWS_ACCESS_KEY_ID = 'S3RVER';
  process.env.AWS_SECRET_ACCESS_KEY = 'S3RVER';
  return {
    storageUrl: `s3://${bucket}?endpoint=${encodeURIComponent(`http://127.0.0.1:${port}`)}&region=us-east-1&force_path_style=true`,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
