import type { ParseKeys } from 'i18next';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NotificationPreferences } from '@app/shared/schemas/settings';
import { ErrorState } from '@/components/page-states/error-state';
import { ApiError } from '@/lib/api-error';
import { notify } from '@/lib/notify';
import { useNotificationPreferences, useSaveNotificationPreferences } from '@/data/settings';
import { NS } from '../i18n';
import { PushSwitch } from './push-switch';
import { SettingsSkeleton } from './setting-form-parts';

// The switches; `language` has its own control in the user menu, `push` its own switch
// (PushSwitch: it also subscribes this phone).
export type SwitchKey = Exclude<keyof NotificationPreferences, 'language' | 'push'>;

const OPTIONS: { key: SwitchKey; label: ParseKeys<typeof NS>; hint: ParseKeys<typeof NS> }[] = [
  { key: 'email_order_updates', label: 'preferences.emailOrders', hint: 'preferences.emailOrdersHint' },
  { key: 'email_escalations', label: 'preferences.emailEscalations', hint: 'preferences.emailEscalationsHint' },
  { key: 'in_app', label: 'preferences.inApp', hint: 'preferences.inAppHint' },
  // Off until the member turns it on: WhatsApp's policy asks for the opt-in (design.md section 20).
  { key: 'whatsapp_order_updates', label: 'preferences.whatsappOrders', hint: 'preferences.whatsappOrdersHint' },
];

/**
 * The caller's own notification choices; each switch saves at once. `without` leaves out
 * switches that never apply to the caller's role (their saved value is kept as it is).
 * Push notifications on this phone apply to every role.
 */
export function NotificationPreferencesForm({ without = [] }: { without?: readonly SwitchKey[] }) {
  const { t } = useTranslation([NS, 'common']);
  const prefs = useNotificationPreferences();
  const save = useSaveNotificationPreferences();
  if (prefs.isError) return <ErrorState error={prefs.error} onRetry={() => void prefs.refetch()} />;
  if (prefs.isPending) return <SettingsSkeleton rows={3} />;
  const value = prefs.data.value;
  const toggle = (key: SwitchKey, checked: boolean) =>
    save.mutate({ ...value, [key]: checked }, { onSuccess: () => notify.success(t('common:messages.updateSuccess')) });
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <div>
          <Typography variant="h2">{t('preferences.heading')}</Typography>
          <Typography color="text.secondary">{t('preferences.intro')}</Typography>
        </div>
        {save.isError && (
          <Alert severity="error" role="alert">
            {save.error instanceof ApiError ? save.error.detail : t('common:messages.haveAnError')}
          </Alert>
        )}
        <FormGroup>
          {OPTIONS.filter((option) => !without.includes(option.key)).map((option) => (
            <FormControlLabel
              key={option.key}
              sx={{ alignItems: 'flex-start', mb: 1.5 }}
              control={<Switch checked={value[option.key]} disabled={save.isPending} onChange={(event) => toggle(option.key, event.target.checked)} />}
              label={
                <span>
                  <Typography component="span" sx={{ display: 'block', pt: 1 }}>
                    {t(option.label)}
                  </Typography>
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t(option.hint)}
                  </Typography>
                </span>
              }
            />
          ))}
        </FormGroup>
        <PushSwitch prefs={value} />
      </Stack>
    </Paper>
  );
}
