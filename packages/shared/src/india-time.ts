// The business runs on India time: UTC+05:30 all year, no daylight saving. An order
// placed at 01:00 IST on the 1st belongs to that day and month, not the previous as UTC
// would say.

export const IST_TIME_ZONE = 'Asia/Kolkata';
const IST_OFFSET_MS = 330 * 60_000;

/** The India-time calendar and clock fields of an instant (month 0-11, hour 0-23). */
export function istDate(instant: Date) {
  const shifted = new Date(instant.getTime() + IST_OFFSET_MS);
  return { year: shifted.getUTCFullYear(), month: shifted.getUTCMonth(), day: shifted.getUTCDate(), hour: shifted.getUTCHours(), minute: shifted.getUTCMinutes() };
}

/** The instant an India-time calendar day begins; months and days may overflow as in Date.UTC. */
export const istMidnight = (year: number, month: number, day: number) => new Date(Date.UTC(year, month, day) - IST_OFFSET_MS);

/** "2024-05-17T14:05:09+05:30": unambiguous for a machine, the local time for a person. */
export function istIsoTime(instant: Date): string {
  return `${new Date(instant.getTime() + IST_OFFSET_MS).toISOString().slice(0, 19)}+05:30`;
}

/** The India-time calendar day of an instant, YYYY-MM-DD. */
export function istDay(instant: Date): string {
  const { year, month, day } = istDate(instant);
  return `${year}-${String(month + 1).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
