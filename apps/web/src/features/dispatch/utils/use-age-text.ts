import { useTranslation } from 'react-i18next';
import { pickupAge } from './pickup-age';

/** "3 hours", "under a minute": how long a pickup has waited, in the reader's language. */
export function useAgeText(): (createdAt: string, now: number) => string {
  const { t } = useTranslation('dispatch');
  return (createdAt, now) => {
    const age = pickupAge(createdAt, now);
    return age.unit === 'now' ? t('age.now') : t(`age.${age.unit}`, { count: age.count });
  };
}
