// How long a pickup has waited for a driver, in the one unit a person reads at a glance.

export type PickupAge = { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; count: number };

const MINUTE_MS = 60_000;

/** Under a minute; whole minutes under an hour; whole hours under two days; else whole days. */
export function pickupAge(createdAt: string, now: number): PickupAge {
  const minutes = Math.floor((now - Date.parse(createdAt)) / MINUTE_MS);
  if (!(minutes >= 1)) return { unit: 'now' };
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return { unit: 'hours', count: hours };
  return { unit: 'days', count: Math.floor(hours / 24) };
}
