import { formatOrderNumber, formatWeight } from '@app/shared/format';
import { gramsToKg } from '@app/shared/money';
import type { OrderSettings } from '@app/shared/schemas/settings';
import type { DbOrTx } from '../../db/database';
import { conflict, fieldError } from '../../http/http-error';
import { countImages } from './orders-repository';

// The rules of Settings -> Order that every order obeys (design.md section 12), each a
// small check the use cases call inside their transaction.

const IST_OFFSET_MINUTES = 330;

/** "HH:MM" of an instant in India time. */
export function istTimeOfDay(instant: Date): string {
  const minutes = Math.floor(instant.getTime() / 60_000 + IST_OFFSET_MINUTES);
  const ofDay = ((minutes % 1440) + 1440) % 1440;
  return `${String(Math.floor(ofDay / 60)).padStart(2, '0')}:${String(ofDay % 60).padStart(2, '0')}`;
}

/** The estimated total (the weights given; lines without one count nothing) must reach the minimum: 400 on `details`. */
export function checkMinimumWeight(rules: OrderSettings, lines: ReadonlyArray<{ weightGrams: number | null }>): void {
  const minimumGrams = Math.round(rules.min_order_weight_kg * 1000);
  if (minimumGrams <= 0) return;
  const estimated = lines.reduce((sum, l) => sum + (l.weightGrams ?? 0), 0);
  if (estimated < minimumGrams) {
    throw fieldError(
      'details',
      `A pickup needs at least ${formatWeight(gramsToKg(minimumGrams))} in all; the estimated weights add up to ${formatWeight(gramsToKg(estimated))}`,
    );
  }
}

/**
 * A driver accepts pickups only within the window, India time, both minutes included
 * (09:00-18:00 allows 18:00 but not 18:01): 409, the order is untouched.
 */
export function checkPickupWindow(rules: OrderSettings, now: Date): void {
  const time = istTimeOfDay(now);
  if (time < rules.pickup_window_start || time > rules.pickup_window_end) {
    throw conflict(`Pickups are accepted between ${rules.pickup_window_start} and ${rules.pickup_window_end} (India time); it is ${time} now`);
  }
}

/** The driver's weighed lines need a photo of the load on the order while the setting asks for it: 400 on `images`. */
export async function checkWeighingPhoto(tx: DbOrTx, rules: OrderSettings, orderId: number): Promise<void> {
  if (!rules.weighing_photo_required) return;
  if ((await countImages(tx, orderId)) > 0) return;
  throw fieldError('images', `Add at least one photo of the load to order ${formatOrderNumber(orderId)} before submitting the weighed lines`);
}
