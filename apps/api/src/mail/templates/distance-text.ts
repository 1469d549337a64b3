import { formatDistance } from '@app/shared/format';

/** "450 m" under a kilometre, else "1.2 km" (formatDistance: 1 decimal); Hindi "450 मीटर", "1.2 किमी". */
export function metresText(metres: number, language: 'en' | 'hi'): string {
  const whole = Math.round(metres);
  if (whole < 1000) return `${whole} ${language === 'hi' ? 'मीटर' : 'm'}`;
  return formatDistance(whole / 1000, language);
}
