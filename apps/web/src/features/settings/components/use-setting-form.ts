import { useEffect } from 'react';
import type { FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { useTranslation } from 'react-i18next';
import type { SettingKey } from '@app/shared/schemas/settings';
import { useZodForm } from '@/components/form/use-zod-form';
import { notify } from '@/lib/notify';
import { useSaveSetting, useSetting } from '@/data/settings';

/**
 * A settings page's form: the stored value loaded into the form (again whenever it changes),
 * and a submit that saves it with the spec's success toast.
 */
export function useSettingForm<S extends z.ZodType<unknown, FieldValues>>(key: SettingKey, schema: S) {
  const { t } = useTranslation('common');
  const setting = useSetting(key);
  const save = useSaveSetting();
  const form = useZodForm(schema);
  const { reset } = form;
  const value = setting.data?.value as z.input<S> | undefined;
  useEffect(() => {
    if (value) reset(value);
  }, [value, reset]);
  const onSubmit = form.submit(async (values) => {
    await save.mutateAsync({ key, value: values });
    notify.success(t('messages.updateSuccess'));
  });
  return { setting, save, form, onSubmit, resetToSaved: () => value && reset(value) };
}
