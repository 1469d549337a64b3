import { RETRY_POLICY } from './constants';

/** Delay before retry number `attempt` (1-based): 2^attempt x 100 ms plus up to 100 ms jitter, capped. */
export function retryDelayMs(attempt: number, random: () => number = Math.random): number {
  const base = 2 ** attempt * RETRY_POLICY.baseDelayMs;
  return Math.min(base + Math.floor(random() * RETRY_POLICY.maxJitterMs), RETRY_POLICY.capMs);
}

export function isRetryableStatus(status: number): boolean {
  return RETRY_POLICY.retryableStatuses.includes(status);
}

export function isRetryableError(error: { name?: string; code?: string } | undefined): boolean {
  const name = `${error?.name ?? ''} ${error?.code ?? ''}`;
  return /throttl|timeout|timedout/i.test(name);
}
