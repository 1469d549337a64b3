import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { SETTING_SCHEMAS, settingResponseSchema, type SettingKey } from '@app/shared/schemas/settings';
import { api, type ResponseSchema } from '@/lib/api-client';

// GET /settings/{order|information|privacy|terms}: {key, value, updated_at}.
export type SettingValue<K extends SettingKey> = z.infer<(typeof SETTING_SCHEMAS)[K]>;
export interface SettingAnswer<K extends SettingKey> {
  key: string;
  value: SettingValue<K>;
  updated_at: string | null;
}

export const getSetting = <K extends SettingKey>(key: K, signal?: AbortSignal) =>
  api.get(`/settings/${key}`, { schema: settingResponseSchema(SETTING_SCHEMAS[key]) as unknown as ResponseSchema<SettingAnswer<K>>, signal });

export const settingQueryOptions = <K extends SettingKey>(key: K) =>
  queryOptions({
    queryKey: ['settings', key],
    queryFn: ({ signal }) => getSetting(key, signal),
  });

export const useSetting = <K extends SettingKey>(key: K) => useQuery(settingQueryOptions(key));
