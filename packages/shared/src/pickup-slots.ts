import { istDay } from './india-time';

// The pickup slots a store may choose now (design.md section 18): every time of day of
// Settings -> Order on today (India time) through today + `slot_days_ahead`, less today's
// slots that have ended. The API refuses any other (400 naming `pickup_slot`); the store's
// form offers exactly these.

export interface SlotTimes {
  from: string;
  to: string;
}

export interface OfferedSlot extends SlotTimes {
  /** YYYY-MM-DD, India time. */
  date: string;
}

const DAY_MS = 86_400_000;

/** The instant an India-time day and "HH:MM" name (India has no daylight saving). */
export const istInstant = (day: string, time: string): Date => new Date(`${day}T${time}:00+05:30`);

/** The India-time day `days` after `day`. */
export const istDayAfter = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The slots offered at `now`, by day then time. */
export function offeredSlots(rules: { pickup_slots: readonly SlotTimes[]; slot_days_ahead: number }, now: Date): OfferedSlot[] {
  const today = istDay(now);
  const offered: OfferedSlot[] = [];
  for (let ahead = 0; ahead <= rules.slot_days_ahead; ahead += 1) {
    const date = istDayAfter(today, ahead);
    for (const { from, to } of rules.pickup_slots) {
      if (istInstant(date, to) > now) offered.push({ date, from, to });
    }
  }
  return offered;
}
