import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { readStoredSetting } from '@app/shared/schemas/settings';
import type { StoredSetting } from './settings-repository';

export interface SettingAnswer<T> {
  key: string;
  value: T;
  updated_at: string | null;
}

/**
 * What GET and PUT answer for a key: the stored value over the defaults, so a field added
 * to a schema later reads its default until an admin saves. A stored field the schema no
 * longer accepts answers its default (and is logged) rather than failing the screen.
 */
export function settingAnswer<T extends Record<string, unknown>>(
  key: string,
  schema: z.ZodType<T>,
  defaults: T,
  stored: StoredSetting | null,
  log: FastifyBaseLogger,
): SettingAnswer<T> {
  if (!stored) return { key, value: defaults, updated_at: null };
  const { value, dropped } = readStoredSetting(schema, defaults, stored.value);
  if (dropped.length > 0) log.warn({ key, fields: dropped }, 'stored setting fields no longer valid; answering their defaults');
  return { key, value, updated_at: stored.updatedAt.toISOString() };
}
