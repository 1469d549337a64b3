import type { ParseKeys } from 'i18next';
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { NotificationPreferences } from '@app/shared/schemas/settings';
import { useOnline } from '@/lib/network-status';
import { NS } from '../i18n';
import { PushPermissionRefused, PushServiceMissing, usePushSwitch, type PushDeviceState } from './use-push-switch';

type Message = { severity: AlertColor; text: ParseKeys<typeof NS> };

/** What to tell the person beside the switch: why it cannot be used, or what went wrong. */
function messageOf(device: PushDeviceState | null, on: boolean, online: boolean, error: unknown, lastChange: boolean | undefined): Message | null {
  if (!device) return null;
  if (device.support === 'install-first') return { severity: 'info', text: 'push.installFirst' };
  // The browser's own lack, said before anything that would blame the connection.
  if (device.support === 'unsupported' || error instanceof PushServiceMissing) return { severity: 'info', text: 'push.unsupported' };
  if (error instanceof PushPermissionRefused) return error.permission === 'denied' ? { severity: 'warning', text: 'push.denied' } : { severity: 'info', text: 'push.dismissed' };
  if (device.permission === 'denied' && !on) return { severity: 'warning', text: 'push.denied' };
  if (!online) return { severity: 'info', text: 'push.offline' };
  if (error) return { severity: 'error', text: lastChange === false ? 'push.failedOff' : 'push.failedOn' };
  return null;
}

/** "Push notifications on this phone": this browser's subscription, turned on or off at once. */
export function PushSwitch({ prefs }: { prefs: NotificationPreferences }) {
  const { t } = useTranslation(NS);
  const online = useOnline();
  const { device, on, change } = usePushSwitch(prefs);
  const working = !device || change.isPending;
  const message = messageOf(device, on, online, change.error, change.variables);
  const usable = device?.support === 'supported' && (device.permission !== 'denied' || on);
  const status: ParseKeys<typeof NS> = !device ? 'push.checking' : device.support !== 'supported' ? 'push.unavailable' : on ? 'push.on' : 'push.off';
  return (
    <Stack spacing={1} data-testid="push-switch">
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
        <FormControlLabel
          sx={{ alignItems: 'flex-start', mr: 0 }}
          control={<Switch checked={on} disabled={working || !usable || !online} onChange={(event) => change.mutate(event.target.checked)} />}
          label={
            <span>
              <Typography component="span" sx={{ display: 'block', pt: 1 }}>
                {t('push.label')}
              </Typography>
              <Typography component="span" variant="body2" color="text.secondary" aria-live="polite">
                {t(status)}
              </Typography>
            </span>
          }
        />
        {/* The space is kept, so nothing moves when the spinner comes and goes. */}
        <Box sx={{ width: 24, height: 24, mt: 1.5, flex: 'none' }}>{change.isPending && <CircularProgress size={20} aria-label={t('push.working')} />}</Box>
      </Stack>
      {message && (
        <Alert severity={message.severity} role={message.severity === 'error' ? 'alert' : 'status'}>
          {t(message.text)}
        </Alert>
      )}
    </Stack>
  );
}
