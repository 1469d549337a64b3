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
 * A real S3 protocol server on a free port with one bucket, for tests. It checks request
 * signatures against its fixed key pair, which is set as the standard AWS variables.
 */
export async function startTestS3(bucket = 'kabadi-photos'): Promise<TestS3> {
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
