import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { StoredSetting } from './settings-repository';

export interface SettingAnswer<T> {
  key: string;
  value: T;
  updated_at: string | null;
}

/**
 * What GET and PUT answer for a key: the stored value over the defaults, so a field added
 * to a schema later reads its default until an admin saves. A stored value the schema no
 * longer accepts answers the defaults (and is logged) rather than failing the screen.
 */
export function settingAnswer<S extends z.ZodType>(
  key: string,
  schema: S,
  defaults: z.output<S>,
  stored: StoredSetting | null,
  log: FastifyBaseLogger,
): SettingAnswer<z.output<S>> {
  if (!stored) return { key, value: defaults, updated_at: null };
  const merged = typeof stored.value === 'object' && stored.value !== null ? { ...(defaults as object), ...stored.value } : stored.value;
  const parsed = schema.safeParse(merged);
  if (!parsed.success) {
    log.warn({ key, issues: parsed.error.issues }, 'stored setting no longer valid; answering defaults');
    return { key, value: defaults, updated_at: stored.updatedAt.toISOString() };
  }
  return { key, value: parsed.data, updated_at: stored.updatedAt.toISOString() };
}
