import { useEffect, useState } from 'react';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

/**
 * "Send a new code", held back with a countdown until `until` (epoch ms): the API takes one
 * request per number every 30 s, or later after a 429 (its Retry-After). The parent gives a
 * new `key` with a new `until`, which starts the count afresh.
 */
export function ResendCodeButton({ until, pending, onClick }: { until: number; pending: boolean; onClick: () => void }) {
  const { t } = useTranslation('signInCode');
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    // Wake at the next whole second of the count, not a second after the last tick (timers drift).
    const timer = setTimeout(() => setNow(Date.now()), (until - now) % 1000 || 1000);
    return () => clearTimeout(timer);
  }, [left, now, until]);
  return (
    <Button variant="outlined" onClick={onClick} disabled={pending || left > 0}>
      {left > 0 ? t('resendIn', { count: left }) : t('resend')}
    </Button>
  );
}
