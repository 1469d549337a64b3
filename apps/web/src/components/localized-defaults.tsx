import { useMemo, type ComponentProps, type ReactNode } from 'react';
import DefaultPropsProvider from '@mui/material/DefaultPropsProvider';
import { useTranslation } from 'react-i18next';
import { getTheme } from '@/lib/theme';

type Defaults = ComponentProps<typeof DefaultPropsProvider>['value'];

/**
 * The texts MUI writes by itself ("No options", "Open", "Clear") in the reader's language.
 * MUI reads default props from the nearest provider, so this one repeats the theme's
 * component defaults and adds the translated texts to them.
 */
export function LocalizedDefaults({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const value = useMemo(() => {
    const components = (getTheme().components ?? {}) as Record<string, { defaultProps?: object } | undefined>;
    const autocomplete = components.MuiAutocomplete;
    return {
      ...components,
      MuiAutocomplete: {
        ...autocomplete,
        defaultProps: {
          ...autocomplete?.defaultProps,
          noOptionsText: t('mui.noOptions'),
          loadingText: t('states.loading'),
          openText: t('mui.open'),
          closeText: t('mui.close'),
          clearText: t('mui.clear'),
        },
      },
    } as Defaults;
  }, [t]);
  return <DefaultPropsProvider value={value}>{children}</DefaultPropsProvider>;
}
