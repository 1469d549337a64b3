import { describe, expect, it } from 'vitest';
import { isRetryableError, isRetryableStatus, retryDelayMs } from './retry';

describe('retry policy', () => {
  it('backs off 2^attempt x 100 ms plus up to 100 ms', () => {
    expect(retryDelayMs(1, () => 0)).toBe(200);
    expect(retryDelayMs(2, () => 0)).toBe(400);
    expect(retryDelayMs(3, () => 0.999)).toBe(899);
  });
  it('caps the delay at 300000 ms', () => {
    expect(retryDelayMs(30, () => 0.5)).toBe(300_000);
  });
  it('retries 429 and 5xx gateways, not 4xx', () => {
    for (const s of [429, 500, 502, 503, 504]) expect(isRetryableStatus(s)).toBe(true);
    for (const s of [400, 401, 403, 404, 409, 501]) expect(isRetryableStatus(s)).toBe(false);
  });
  it('retries throttling and timeout errors', () => {
    expect(isRetryableError({ name: 'ThrottlingException' })).toBe(true);
    expect(isRetryableError({ name: 'TimeoutError' })).toBe(true);
    expect(isRetryableError({ name: 'NotAuthorizedException' })).toBe(false);
  });
});
