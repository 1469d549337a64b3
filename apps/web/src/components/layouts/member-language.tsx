import { useEffect, useRef } from 'react';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TranslateIcon from '@mui/icons-material/Translate';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { notificationPreferencesQuery, useSaveNotificationPreferences } from '@/data/settings';
import { usePageSettled } from '@/lib/page-settled';
import { changeLanguage, currentLanguage, hasUnsavedChoice, markChoiceSaved, type Language } from '@/lib/language';
import { notify } from '@/lib/notify';
import { otherLanguage } from './language-switch';

// The member's language lives in its notification settings (`language`, design.md
// section 13), so its e-mails follow it too. Signed in, the member's saved choice wins
// over the device's; a choice made on the sign-in page is saved for the member.

// The saved choice is asked for once the page has settled: it rarely differs from the
// device's, and the page's first paint should not wait behind it.
const SETTLE_MS = 500;

function useSaveLanguage({ enabled = true } = {}) {
  const prefs = useQuery({ ...notificationPreferencesQuery(), enabled });
  const save = useSaveNotificationPreferences();
  const { t } = useTranslation();
  return {
    prefs,
    save: (language: Language) => {
      if (!prefs.data) return;
      save.mutate({ ...prefs.data.value, language }, { onSuccess: markChoiceSaved, onError: () => notify.warning(t('language.saveFailed')) });
    },
  };
}

/** Brings the app and the member's settings together once per sign-in. Renders nothing. */
export function MemberLanguage() {
  const { prefs, save } = useSaveLanguage({ enabled: usePageSettled(SETTLE_MS) });
  const done = useRef(false);
  // Only the server's answer of this start: a kept one may predate a choice this device made
  // since (saved or not), and following it would switch the app back (closing note 2026-12-08).
  const answer = prefs.isFetchedAfterMount ? prefs.data : undefined;
  useEffect(() => {
    if (!answer || done.current) return;
    done.current = true;
    const shown = currentLanguage();
    if (hasUnsavedChoice()) {
      if (answer.value.language !== shown) save(shown);
      else markChoiceSaved();
    } else if (answer.updated_at !== null && answer.value.language !== shown) {
      // Chosen on another device: follow the member.
      void changeLanguage(answer.value.language).catch((error: unknown) => console.warn('Language switch failed', error));
    }
  }, [answer, save]);
  return null;
}

/** The user menu's entry: switches at once, keeps it on this device and for the member. */
export function LanguageMenuItem({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { save } = useSaveLanguage();
  const next = otherLanguage(currentLanguage());
  const onClick = () => {
    // Saved first: the menu (and this item) goes away when it closes.
    save(next);
    // Unsaved until the server says so: a switch made offline is saved at the next start online.
    void changeLanguage(next, { unsaved: true }).catch((error: unknown) => {
      console.warn('Language switch failed', error);
      notify.error(t('messages.haveAnError'));
    });
    onDone();
  };
  return (
    <MenuItem onClick={onClick} aria-label={t('language.switchToLabel')}>
      <ListItemIcon>
        <TranslateIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText lang={next}>{t('language.switchTo')}</ListItemText>
    </MenuItem>
  );
}
