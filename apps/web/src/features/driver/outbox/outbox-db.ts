import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import { i18n } from '@/lib/i18n';
import type { NewOutboxEntry, OutboxEntry } from './outbox-types';

// The outbox in IndexedDB: it survives a reload, a closed tab and a restart of the phone.
// Photos are kept as Blobs (IndexedDB stores them as they are, no base64).

export interface OutboxStore {
  add(entry: NewOutboxEntry): Promise<OutboxEntry>;
  /** One member's entries in the order they were taken. */
  list(memberId: number): Promise<OutboxEntry[]>;
  put(entry: OutboxEntry): Promise<void>;
  remove(seq: number): Promise<void>;
}

/** The phone has no room left for what the driver entered: say so (the screen keeps what was typed). */
export class DeviceStorageFullError extends Error {
  override name = 'DeviceStorageFullError';
  constructor() {
    super(i18n.t('driver:outbox.storageFull'));
  }
}

/** IndexedDB is not there (a private window of an old browser): nothing can be kept offline. */
export class DeviceStorageUnavailableError extends Error {
  override name = 'DeviceStorageUnavailableError';
  constructor() {
    super(i18n.t('driver:outbox.storageUnavailable'));
  }
}

interface OutboxSchema extends DBSchema {
  entries: { key: number; value: OutboxEntry; indexes: { member: number } };
}

const DB_NAME = 'kabadi-driver-outbox';

function isQuotaError(error: unknown): boolean {
  const name = (error as { name?: string } | null)?.name;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isQuotaError(error)) throw new DeviceStorageFullError();
    throw error;
  }
}

export function indexedDbOutboxStore(): OutboxStore {
  let db: Promise<IDBPDatabase<OutboxSchema>> | null = null;
  const open = () => {
    if (typeof indexedDB === 'undefined') return Promise.reject(new DeviceStorageUnavailableError());
    db ??= openDB<OutboxSchema>(DB_NAME, 1, {
      upgrade(database) {
        const store = database.createObjectStore('entries', { keyPath: 'seq', autoIncrement: true });
        store.createIndex('member', 'memberId');
      },
    });
    return db;
  };
  return {
    add: (entry) =>
      guarded(async () => {
        const tx = (await open()).transaction('entries', 'readwrite');
        // The key path is filled in by IndexedDB; the typed schema wants it present.
        const added = tx.store.add(entry as OutboxEntry);
        added.catch(() => undefined);
        try {
          await tx.done;
        } catch (error) {
          // A full disk aborts the transaction: its error says why (the request's only "aborted").
          throw tx.error ?? error;
        }
        return { ...entry, seq: await added };
      }),
    list: async (memberId) => (await (await open()).getAllFromIndex('entries', 'member', memberId)).sort((a, b) => a.seq - b.seq),
    put: (entry) => guarded(async () => void (await (await open()).put('entries', entry))),
    remove: async (seq) => (await open()).delete('entries', seq),
  };
}

/** The same contract in memory: for tests, and for a browser without IndexedDB. */
export function memoryOutboxStore(): OutboxStore {
  const entries = new Map<number, OutboxEntry>();
  let next = 1;
  return {
    add: async (entry) => {
      const stored = { ...entry, seq: next++ };
      entries.set(stored.seq, stored);
      return stored;
    },
    list: async (memberId) => [...entries.values()].filter((e) => e.memberId === memberId).sort((a, b) => a.seq - b.seq),
    put: async (entry) => void entries.set(entry.seq, entry),
    remove: async (seq) => void entries.delete(seq),
  };
}
