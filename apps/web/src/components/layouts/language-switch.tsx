import type { ReactNode } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { changeLanguage, currentLanguage, type Language } from '@/lib/language';
import { notify } from '@/lib/notify';

/** The other language: the app has two. */
export const otherLanguage = (language: Language): Language => (language === 'hi' ? 'en' : 'hi');

/**
 * English or हिन्दी on the sign-in, sign-up and password pages. The button names the other
 * language in that language, so a reader finds it on a screen they cannot read; its
 * accessible name says so in the current language, so the button carries no `lang` of the
 * other. The choice is kept on the device and saved for the member at the next sign-in.
 * The icon comes from the page (the sign-in pages' translate icon): /Sell shows none, since an
 * icon brings MUI's field chunk into its start (scripts/check-bundle-size.mjs).
 */
export function LanguageSwitch({ icon }: { icon?: ReactNode }) {
  const { t } = useTranslation();
  const next = otherLanguage(currentLanguage());
  const onClick = () =>
    void changeLanguage(next, { unsaved: true }).catch((error: unknown) => {
      console.warn('Language switch failed', error);
      notify.error(t('messages.haveAnError'));
    });
  return (
    <Button color="inherit" aria-label={t('language.switchToLabel')} startIcon={icon} onClick={onClick} sx={{ textTransform: 'none' }}>
      {t('language.switchTo')}
    </Button>
  );
}
