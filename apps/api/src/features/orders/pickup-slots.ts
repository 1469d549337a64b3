import { istDay } from '@app/shared/india-time';
import { istInstant, offeredSlots } from '@app/shared/pickup-slots';
import type { PickupSlot } from '@app/shared/schemas/orders';
import type { OrderSettings } from '@app/shared/schemas/settings';
import { fieldError } from '../../http/http-error';
import { istTimeOfDay } from './order-rules';

// Pickup slots (design.md section 18): a store picks a day and one of Settings -> Order's
// times of day, India time; which are offered is the shared rule the store's form shows
// (offeredSlots). An order keeps the slot as the instants it begins and ends; India has no
// daylight saving, so the day and the times read back exactly.

/** The instants a slot begins and ends. */
export interface SlotInstants {
  start: Date;
  end: Date;
}

export const slotInstants = (slot: PickupSlot): SlotInstants => ({ start: istInstant(slot.date, slot.from), end: istInstant(slot.date, slot.to) });

/** An order's stored slot on the wire; null when the store chose none. */
export function slotOfInstants(start: Date | null, end: Date | null): PickupSlot | null {
  if (!start || !end) return null;
  return { date: istDay(start), from: istTimeOfDay(start), to: istTimeOfDay(end) };
}

/** "Choose one of the slots: 09:00-12:00, 14:00-17:00, from 2026-12-06 to 2026-12-08" (or "on 2026-12-06"). */
function offerText(rules: Pick<OrderSettings, 'pickup_slots'>, offered: readonly PickupSlot[]): string {
  if (offered.length === 0) return 'No slot is offered any more today; send no pickup_slot to ask for a pickup at any time';
  const times = rules.pickup_slots.map((s) => `${s.from}-${s.to}`).join(', ');
  const first = offered[0]!.date;
  const last = offered.at(-1)!.date;
  return `Choose one of the slots: ${times}, ${first === last ? `on ${first}` : `from ${first} to ${last}`}`;
}

/**
 * The slot a new order asks for, checked against what is offered at `now` (the database's
 * clock): its instants, or null for none (any time). Anything else is 400 on `pickup_slot`.
 */
export function checkPickupSlot(
  rules: Pick<OrderSettings, 'pickup_slots' | 'slot_days_ahead'>,
  slot: PickupSlot | null | undefined,
  now: Date,
): SlotInstants | null {
  if (!slot) return null;
  if (rules.pickup_slots.length === 0) {
    throw fieldError('pickup_slot', 'Pickups have no slots here; send no pickup_slot, and a driver comes at any time in the pickup window');
  }
  const offered = offeredSlots(rules, now);
  if (offered.some((s) => s.date === slot.date && s.from === slot.from && s.to === slot.to)) return slotInstants(slot);
  const ended = slot.date === istDay(now) && rules.pickup_slots.some((s) => s.from === slot.from && s.to === slot.to);
  const prefix = ended ? `The slot ${slot.from}-${slot.to} of ${slot.date} has ended. ` : '';
  throw fieldError('pickup_slot', `${prefix}${offerText(rules, offered)}`);
}
