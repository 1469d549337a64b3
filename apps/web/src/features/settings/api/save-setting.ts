import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SETTING_SCHEMAS, settingResponseSchema, type SettingKey } from '@app/shared/schemas/settings';
import { api } from '@/lib/api-client';

// PUT /settings/{key} (admin): the whole value.
export const saveSetting = ({ key, value }: { key: SettingKey; value: unknown }) =>
  api.put(`/settings/${key}`, value, { schema: settingResponseSchema(SETTING_SCHEMAS[key]) });

export function useSaveSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSetting,
    onSuccess: (answer, { key }) => {
      queryClient.setQueryData(['settings', key], answer);
      return queryClient.invalidateQueries({ queryKey: ['settings', key] });
    },
  });
}
