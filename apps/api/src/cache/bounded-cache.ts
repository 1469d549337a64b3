/**
 * What an entry costs besides what its caller counts: the Map's slot, the entry record and
 * its numbers. Without it a flood of tiny entries would look free.
 */
export const ENTRY_OVERHEAD_BYTES = 128;

/** An entry's owner (a member id): one owner's entries may be held to a share of the budget. */
export type CacheGroup = number | string;

export interface BoundedCacheOptions {
  /** The most bytes all entries may count together; beyond it the oldest written go first. */
  maxBytes: number;
  /** The most bytes one group's entries may count together; beyond it that group's oldest go first. */
  maxBytesPerGroup?: number;
  /** How long an entry is served when set() names no other lifetime. */
  ttlMs: number;
  now?: () => number;
}

export interface CacheEntryOptions {
  /** The caller's estimate of what the key and value hold (see textBytes). */
  bytes: number;
  group?: CacheGroup;
  ttlMs?: number;
}

interface Entry<V> {
  value: V;
  bytes: number;
  expiresAt: number;
  group: CacheGroup | undefined;
}

interface GroupTally<K> {
  bytes: number;
  /** In the order written, like the cache itself: the first is the group's oldest. */
  keys: Set<K>;
}

/**
 * V8 keeps a string in one byte per character when it can and two when it cannot; counting
 * two means a budget is never exceeded by Hindi text.
 */
export function textBytes(...texts: readonly string[]): number {
  let bytes = 0;
  for (const text of texts) bytes += 2 * text.length;
  return bytes;
}

/**
 * The API's one in-memory cache (design.md section 17, "Bounded memory"): bounded by the
 * bytes its entries are said to hold, not by their count, so no sequence of requests can
 * grow it past its budget whatever each answer weighs. Entries live until their TTL and
 * are never returned after it; a write drops every expired entry at most once per TTL (an
 * amortised full pass, no timer to keep a process alive or to stop). Eviction goes by
 * the order written: a hit does not reorder, so a lookup stays one Map read with no
 * allocation (the poll cache's hit path).
 */
export class BoundedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private readonly groups = new Map<CacheGroup, GroupTally<K>>();
  private readonly now: () => number;
  private total = 0;
  private nextSweepAt: number;

  constructor(private readonly options: BoundedCacheOptions) {
    this.now = options.now ?? Date.now;
    this.nextSweepAt = this.now() + options.ttlMs;
  }

  /** The value, unless it is missing or expired (an expired one is dropped). */
  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > this.now()) return entry.value;
    this.remove(key, entry);
    return undefined;
  }

  /** Keeps the value as the newest entry; one too big for the budget (or its group's) is not kept. */
  set(key: K, value: V, { bytes: callerBytes, group, ttlMs = this.options.ttlMs }: CacheEntryOptions): void {
    const now = this.now();
    if (now >= this.nextSweepAt) this.sweep();
    this.delete(key);
    const bytes = callerBytes + ENTRY_OVERHEAD_BYTES;
    const groupLimit = group === undefined ? Infinity : (this.options.maxBytesPerGroup ?? Infinity);
    if (bytes > this.options.maxBytes || bytes > groupLimit) return;

    this.entries.set(key, { value, bytes, expiresAt: now + ttlMs, group });
    this.total += bytes;
    if (group !== undefined) {
      let tally = this.groups.get(group);
      if (!tally) {
        tally = { bytes: 0, keys: new Set() };
        this.groups.set(group, tally);
      }
      tally.bytes += bytes;
      tally.keys.add(key);
      while (tally.bytes > groupLimit) this.delete(tally.keys.values().next().value as K);
    }
    while (this.total > this.options.maxBytes) this.delete(this.entries.keys().next().value as K);
  }

  delete(key: K): void {
    const entry = this.entries.get(key);
    if (entry) this.remove(key, entry);
  }

  clear(): void {
    this.entries.clear();
    this.groups.clear();
    this.total = 0;
  }

  /** Drops every expired entry. */
  sweep(): void {
    const now = this.now();
    this.nextSweepAt = now + this.options.ttlMs;
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.remove(key, entry);
  }

  get size(): number {
    return this.entries.size;
  }

  /** What the entries count together, their overhead included. */
  get bytes(): number {
    return this.total;
  }

  groupBytes(group: CacheGroup): number {
    return this.groups.get(group)?.bytes ?? 0;
  }

  private remove(key: K, entry: Entry<V>): void {
    this.entries.delete(key);
    this.total -= entry.bytes;
    if (entry.group === undefined) return;
    const tally = this.groups.get(entry.group);
    if (!tally) return;
    tally.bytes -= entry.bytes;
    tally.keys.delete(key);
    if (tally.keys.size === 0) this.groups.delete(entry.group);
  }
}
