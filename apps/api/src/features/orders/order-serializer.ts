import type { CustomerKind, Role } from '@app/shared/constants';
import { formatOrderNumber } from '@app/shared/format';
import { gramsToKg, paiseToRupees } from '@app/shared/money';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/shared/order-status';
import type { Order, OrderEvent, OrderEventLine, OrderImage } from '@app/shared/schemas/orders';
import type { DriverRow, EventRow, ImageRow, LineRow, OrderHeaderRow } from './orders-repository';
import { slotOfInstants } from './pickup-slots';

// The one place integers (paise, grams) become rupees and kilograms: here, on the way out.

/** A line as order_events keeps it (JSONB, integers only), so history never depends on today's rates. */
export interface LineSnapshot {
  id: number | null;
  material_id: number;
  material_name: string;
  weight_grams: number | null;
  vendor_rate_paise: number;
  driver_rate_paise: number;
  amount_paise: number;
  driver_amount_paise: number;
  /** The rate the amount was priced at when it is not the vendor rate (a household's line: its b2c rate). */
  rate_paise?: number;
}

export interface SnapshotSource {
  id: number | null;
  materialId: number;
  materialName: string;
  weightGrams: number | null;
  vendorRatePaise: number;
  driverRatePaise: number;
  amountPaise: number;
  driverAmountPaise: number;
  b2cRatePaise: number;
}

export function snapshotLines(lines: readonly SnapshotSource[], customer: CustomerKind): LineSnapshot[] {
  return lines.map((l) => ({
    id: l.id,
    material_id: l.materialId,
    material_name: l.materialName,
    weight_grams: l.weightGrams,
    vendor_rate_paise: l.vendorRatePaise,
    driver_rate_paise: l.driverRatePaise,
    amount_paise: l.amountPaise,
    driver_amount_paise: l.driverAmountPaise,
    ...(customer === 'household' ? { rate_paise: l.b2cRatePaise } : {}),
  }));
}

const kgOrNull = (grams: number | null) => (grams === null ? null : gramsToKg(grams));

/** What the caller may see of an order beyond its tenancy's rule. */
export interface OrderView {
  /** The caller is the order's store or household, its vendor or an admin (design.md section 19); a driver's answer carries no `eta`. */
  showEta: boolean;
  /** The household's phone, address and pin: hidden from a driver once it can no longer act on the order (design.md section 21). */
  showContact: boolean;
}

export function serializeOrder(header: OrderHeaderRow, lines: readonly LineRow[], driver: DriverRow | null, view: OrderView): Order {
  const { showEta, showContact } = view;
  // A household is paid the b2c rate (design.md section 21): its lines show the rate their amounts were priced at.
  const amountRate = (l: LineRow) => (header.customerKind === 'household' ? l.b2cRatePaise : l.vendorRatePaise);
  return {
    id: header.id,
    display_number: formatOrderNumber(header.id),
    status: header.status,
    status_label: ORDER_STATUS_LABELS[header.status],
    customer_kind: header.customerKind,
    store: {
      id: header.storeId,
      name: header.storeName,
      address: showContact ? header.storeAddress : '',
      phone: showContact ? header.storePhone : null,
      location: showContact && header.storeLat !== null && header.storeLng !== null ? { lat: header.storeLat, lng: header.storeLng } : null,
      city_id: header.storeCityId,
      vendor_id: header.storeVendorId,
    },
    city_id: header.cityId,
    vendor_id: header.vendorId,
    driver: driver ? { id: driver.id, name: driver.name, phone: driver.phone, vehicle_number: driver.vehicleNumber } : null,
    details: lines.map((l) => ({
      id: l.id,
      material: {
        id: l.materialId,
        name: l.materialName,
        vendor_rate: paiseToRupees(l.materialVendorRatePaise),
        driver_rate: paiseToRupees(l.materialDriverRatePaise),
        b2c_rate: paiseToRupees(l.materialB2cRatePaise),
      },
      weight: kgOrNull(l.weightGrams),
      rate: paiseToRupees(amountRate(l)),
      driver_rate: paiseToRupees(l.driverRatePaise),
      amount: paiseToRupees(l.amountPaise),
    })),
    total_weight: gramsToKg(header.totalWeightGrams),
    vendor_amount: paiseToRupees(header.vendorAmountPaise),
    driver_amount: paiseToRupees(header.driverAmountPaise),
    note: header.note,
    pickup_slot: slotOfInstants(header.pickupSlotStart, header.pickupSlotEnd),
    payment: header.paymentMethod === null ? null : { method: header.paymentMethod, reference: header.paymentReference },
    receipt: header.receipt ? { number: header.receipt.number, issued_at: header.receipt.issued_at } : null,
    ...(showEta ? { eta: header.eta ? { distance_km: header.eta.distance_km, minutes: header.eta.minutes, at: header.eta.at } : null } : {}),
    created_at: header.createdAt.toISOString(),
    updated_at: header.updatedAt.toISOString(),
    image_count: header.imageCount,
  };
}

function serializeSnapshot(value: unknown): OrderEventLine[] | null {
  if (!Array.isArray(value)) return null;
  return (value as LineSnapshot[]).map((l) => ({
    id: l.id,
    material_id: l.material_id,
    material_name: l.material_name,
    weight: kgOrNull(l.weight_grams),
    rate: paiseToRupees(l.rate_paise ?? l.vendor_rate_paise),
    driver_rate: paiseToRupees(l.driver_rate_paise),
    amount: paiseToRupees(l.amount_paise),
  }));
}

export function serializeEvent(row: EventRow): OrderEvent {
  return {
    id: row.id,
    action: row.action as OrderEvent['action'],
    from_status: row.fromStatus as OrderStatus | null,
    to_status: row.toStatus as OrderStatus,
    actor: row.actorId !== null && row.actorName !== null && row.actorRole !== null ? { id: row.actorId, name: row.actorName, role: row.actorRole as Role } : null,
    reason: row.reason,
    lines_before: serializeSnapshot(row.linesBefore),
    lines_after: serializeSnapshot(row.linesAfter),
    occurred_at: row.occurredAt.toISOString(),
    arrived_distance_m: row.arrivedDistanceM,
    created_at: row.createdAt.toISOString(),
  };
}

/** A photo's address on the API; the web app prefixes its API base and sends its bearer token. */
export const imageUrl = (orderId: number, imageId: number) => `/orders/${orderId}/images/${imageId}`;

export function serializeImage(row: ImageRow): OrderImage {
  return { id: row.id, url: imageUrl(row.orderId, row.id), created_at: row.createdAt.toISOString() };
}
