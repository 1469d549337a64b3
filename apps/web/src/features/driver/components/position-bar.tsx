import { useState } from 'react';
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
  /** The driver holds an order in `moving`: the question is whether the store may see it coming. */
  moving?: boolean;
}

/**
 * "Not now" to sharing, said while an order is moving: not asked again while the app stays
 * open (a "Not now" given before to sorting is asked over once, as sharing is another purpose).
 */
let shareDeclined = false;

/** The question, its reason first; the browser asks only after "Use my position". */
function AskCard({ title, text, onNotNow }: { title: string; text: string; onNotNow: () => void }) {
  const { t } = useTranslation('driver');
  return (
    <Card variant="outlined" component="section" aria-labelledby="position-ask-title" data-testid="position-ask">
      <CardContent sx={{ pb: 1 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <MyLocationOutlinedIcon color="primary" aria-hidden />
          <Typography id="position-ask-title" variant="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
            {title}
          </Typography>
        </Stack>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {text}
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button variant="contained" onClick={() => setPositionChoice('use')}>
          {t('position.use')}
        </Button>
        <Button onClick={onNotNow}>{t('position.notNow')}</Button>
      </CardActions>
    </Card>
  );
}

/** Whether a moving driver is asked to share, and its "Not now". */
function useShareAsk(choice: PositionChoice, moving: boolean): { asked: boolean; decline: () => void } {
  const [declined, setDeclined] = useState(shareDeclined);
  const asked = moving && (choice === 'ask' || (choice === 'not-now' && !declined));
  const decline = () => {
    shareDeclined = true;
    setDeclined(true);
    if (choice === 'ask') setPositionChoice('not-now');
  };
  return { asked, decline };
}

/**
 * On a moving order's page: the question whether the store may see the driver coming, while
 * the driver has not agreed; nothing otherwise.
 */
export function ShareAsk({ choice }: { choice: PositionChoice }) {
  const { t } = useTranslation('driver');
  const share = useShareAsk(choice, true);
  if (choice === 'unknown' || !share.asked) return null;
  return <AskCard title={t('position.shareTitle')} text={t('position.shareText')} onNotNow={share.decline} />;
}

/**
 * The phone's position on a screen that sorts by it: the question with its reason first (the
 * browser asks only after "Use my position"), then one line saying what the position is
 * doing, or, without one, what the screen does instead and a small button to offer it again.
 * While an order is moving, the question is the store's seeing the driver come.
 */
export function PositionBar({ choice, state, without, moving = false }: PositionBarProps) {
  const { t } = useTranslation('driver');
  const share = useShareAsk(choice, moving);
  if (choice === 'unknown') return null;

  if (share.asked) return <AskCard title={t('position.shareTitle')} text={t('position.shareText')} onNotNow={share.decline} />;
  if (choice === 'ask') return <AskCard title={t('position.askTitle')} text={t('position.askText')} onNotNow={() => setPositionChoice('not-now')} />;

  if (choice === 'not-now') {
    return (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', justifyContent: 'space-between', minHeight: 32 }} data-testid="position-note">
        <Typography variant="body2" color="text.secondary">
          {without}
        </Typography>
        <Button size="small" startIcon={<MyLocationOutlinedIcon />} onClick={() => setPositionChoice('ask')} sx={{ flexShrink: 0 }}>
          {t(moving ? 'position.offerShare' : 'position.offer')}
        </Button>
      </Stack>
    );
  }

  // One line whatever the state, so the page does not move when the position arrives.
  const text =
    state.status === 'failed' ? `${t(`position.${state.problem}`)} ${without}` : state.status === 'ready' ? t(moving ? 'position.readyShared' : 'position.ready') : t('position.locating');
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minHeight: 32, color: 'text.secondary' }} data-testid="position-note" role="status">
      <MyLocationOutlinedIcon fontSize="small" color={state.status === 'ready' ? 'primary' : 'inherit'} aria-hidden />
      <Typography variant="body2">{text}</Typography>
    </Stack>
  );
}
