import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MyLocationOutlinedIcon from '@mui/icons-material/MyLocationOutlined';
import { useTranslation } from 'react-i18next';
import { setPositionChoice, type PositionChoice } from '@/lib/position-choice';
import type { DevicePositionState } from '@/lib/use-device-position';

export interface PositionBarProps {
  choice: PositionChoice;
  state: DevicePositionState;
  /** What the screen does without a position ("Pickups are listed by waiting time."). */
  without: string;
}

/**
 * The phone's position on a screen that sorts by it: the question with its reason first (the
 * browser asks only after "Use my position"), then one line saying what the position is
 * doing, or, without one, what the screen does instead and a small button to offer it again.
 */
export function PositionBar({ choice, state, without }: PositionBarProps) {
  const { t } = useTranslation('driver');
  if (choice === 'unknown') return null;

  if (choice === 'ask') {
    return (
      <Card variant="outlined" component="section" aria-labelledby="position-ask-title" data-testid="position-ask">
        <CardContent sx={{ pb: 1 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <MyLocationOutlinedIcon color="primary" aria-hidden />
            <Typography id="position-ask-title" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
              {t('position.askTitle')}
            </Typography>
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {t('position.askText')}
          </Typography>
        </CardContent>
        <CardActions sx={{ px: 2, pb: 2 }}>
          <Button variant="contained" onClick={() => setPositionChoice('use')}>
            {t('position.use')}
          </Button>
          <Button onClick={() => setPositionChoice('not-now')}>{t('position.notNow')}</Button>
        </CardActions>
      </Card>
    );
  }

  if (choice === 'not-now') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 32 }} data-testid="position-note">
        <Typography variant="body2" color="text.secondary">
          {without}
        </Typography>
        <Button size="small" startIcon={<MyLocationOutlinedIcon />} onClick={() => setPositionChoice('ask')} sx={{ flexShrink: 0 }}>
          {t('position.offer')}
        </Button>
      </Stack>
    );
  }

  // One line whatever the state, so the page does not move when the position arrives.
  const text = state.status === 'failed' ? `${t(`position.${state.problem}`)} ${without}` : state.status === 'ready' ? t('position.ready') : t('position.locating');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32, color: 'text.secondary' }} data-testid="position-note" role="status">
      <MyLocationOutlinedIcon fontSize="small" color={state.status === 'ready' ? 'primary' : 'inherit'} aria-hidden />
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}
