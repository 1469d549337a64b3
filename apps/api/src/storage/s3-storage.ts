import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { assertStorageKey, type ImageStorage } from './image-storage';

export interface S3Location {
  bucket: string;
  endpoint?: string;
  region: string;
  forcePathStyle: boolean;
  /** Keys go under this prefix in the bucket (`prefix=` in the URL); none by default. */
  prefix: string;
}

const OPTIONS = new Set(['endpoint', 'region', 'force_path_style', 'prefix']);

/**
 * STORAGE_URL `s3://bucket?endpoint=https://...&region=ap-south-1&force_path_style=true`.
 * Credentials are not part of it: the SDK reads the standard AWS variables
 * (AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, AWS_PROFILE, an instance role...).
 */
export function parseStorageUrl(text: string): S3Location {
  const url = new URL(text);
  if (url.protocol !== 's3:' || !url.hostname) throw new Error('STORAGE_URL: use s3://bucket?endpoint=...&region=...');
  for (const key of url.searchParams.keys()) {
    if (!OPTIONS.has(key)) throw new Error(`STORAGE_URL: unknown option "${key}" (known: ${[...OPTIONS].join(', ')})`);
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && !/^https?:\/\//.test(endpoint)) throw new Error('STORAGE_URL: endpoint must be an http(s) URL');
  const flag = url.searchParams.get('force_path_style');
  if (flag !== null && flag !== 'true' && flag !== 'false') throw new Error('STORAGE_URL: force_path_style is true or false');
  return {
    bucket: url.hostname,
    ...(endpoint ? { endpoint } : {}),
    region: url.searchParams.get('region') ?? process.env.AWS_REGION ?? 'us-east-1',
    forcePathStyle: flag === 'true',
    prefix: (url.searchParams.get('prefix') ?? '').replace(/^\/+|\/+$/g, ''),
  };
}

function isNotFound(error: unknown): boolean {
  if (error instanceof S3ServiceException) return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
  return false;
}

/**
 * Photos as objects in S3-compatible storage, so every API process reads what any other
 * stored. A put is one request: readers see the whole object or none.
 */
export function createS3Storage(location: S3Location, client = new S3Client({ region: location.region, forcePathStyle: location.forcePathStyle, ...(location.endpoint ? { endpoint: location.endpoint } : {}) })): ImageStorage & { client: S3Client } {
  const objectKey = (key: string) => {
    assertStorageKey(key);
    return location.prefix ? `${location.prefix}/${key}` : key;
  };
  return {
    client,
    async put(key, data, mimeType) {
      await client.send(new PutObjectCommand({ Bucket: location.bucket, Key: objectKey(key), Body: data, ContentType: mimeType, ContentLength: data.length }));
    },
    async get(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
        if (!object.Body) return null;
        return { stream: object.Body as Readable, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      try {
        await client.send(new DeleteObjectCommand({ Bucket: location.bucket, Key: objectKey(key) }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    async *list(prefix) {
      const strip = location.prefix ? location.prefix.length + 1 : 0;
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket: location.bucket, Prefix: location.prefix ? `${location.prefix}/${prefix}` : prefix, ContinuationToken: token }));
        for (const object of page.Contents ?? []) {
          if (object.Key && object.LastModified) yield { key: object.Key.slice(strip), modifiedAt: object.LastModified };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}
