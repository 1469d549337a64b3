import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import { formatOrderNumber } from '@app/shared/format';
import { ORDER_STATUS_LABELS, type OrderStatus } from '@app/shared/order-status';
import { ORDER_IMAGES_MAX } from '@app/shared/schemas/orders';
import type { AuthContext } from '../../auth/auth-context';
import { tenancyOf } from '../../auth/tenancy';
import type { Database } from '../../db/database';
import { orders } from '../../db/tables/orders.table';
import { conflict, fieldError, forbidden, notFound } from '../../http/http-error';
import type { ImageStorage } from '../../storage/image-storage';
import { detectImageKind } from './image-signature';
import { canSeeOrder, orderNotFound } from './order-scope';
import { imageUrl } from './order-serializer';
import { countImages, deleteImage, findImage, findOrder, insertImage, lockOrder, type OrderRow } from './orders-repository';
import { shrinkPhoto } from './shrink-photo';

/** While the driver holds the load: from accepting it until the store has checked the weights. */
const DRIVER_ADDS_IN: readonly OrderStatus[] = ['accepted', 'moving', 'arrived', 'waiting_store'];

const tooManyPhotos = (orderId: number) => conflict(`Order ${formatOrderNumber(orderId)} already has ${ORDER_IMAGES_MAX} photos`);

/**
 * Who may add a photo: the order's driver, its store, an admin. Checked before a byte of
 * the upload is read; an order the caller cannot see is 404, one it only sees is 403.
 */
export async function orderForImageUpload(db: Database, auth: AuthContext, orderId: number): Promise<OrderRow> {
  const order = await findOrder(db, orderId);
  if (!order || !canSeeOrder(tenancyOf(auth), order)) throw orderNotFound(orderId);
  const allowed =
    auth.role === 'admin' ||
    (auth.role === 'store' && auth.storeId === order.storeId) ||
    (auth.role === 'driver' && auth.driverId !== null && auth.driverId === order.driverId);
  if (!allowed) throw forbidden('Only the order\'s driver, its store or an admin may add photos');
  // A driver's photos are of the load it is collecting: not of a pickup cancelled or finished meanwhile
  // (a phone replaying its outbox after the admin cancelled must hear no).
  if (auth.role === 'driver' && !DRIVER_ADDS_IN.includes(order.status)) {
    throw conflict(`Photos of order ${formatOrderNumber(orderId)} can no longer be added: it is ${ORDER_STATUS_LABELS[order.status]} now`);
  }
  if ((await countImages(db, orderId)) >= ORDER_IMAGES_MAX) throw tooManyPhotos(orderId);
  return order;
}

/**
 * Stores the photo (JPEG, PNG or WebP by its bytes, shrunk to a JPEG of at most 1600 px by
 * `shrinkPhoto`; the upload itself is kept nowhere) and records it; the order's
 * `updated_at` moves so list ETags change. The file goes first, so a row never points at
 * nothing; a file whose row does not commit is deleted again. Only a crash between the
 * two can still leave one behind.
 */
export async function addOrderImage(
  deps: { db: Database; storage: ImageStorage; log: FastifyBaseLogger },
  auth: AuthContext,
  order: OrderRow,
  upload: Buffer,
): Promise<{ id: number; url: string }> {
  // The signature check comes first: libvips reads many more formats (SVG, TIFF, PDF...) than we take.
  if (!detectImageKind(upload)) throw fieldError('file', 'Upload a JPEG, PNG or WebP photo');
  const { bytes, kind } = await shrinkPhoto(upload);
  const key = `orders/${order.id}/${randomUUID()}.${kind.extension}`;
  let committed = false;
  try {
    // Inside the try: a put that failed late (a timeout after the object store kept it) is cleaned up too.
    await deps.storage.put(key, bytes, kind.mime);
    const id = await deps.db.transaction(async (tx) => {
      // Counted again under the order's row lock: concurrent uploads queue here, so the
      // check before the upload (which saves reading a body in vain) cannot be outrun.
      await lockOrder(tx, order.id);
      if ((await countImages(tx, order.id)) >= ORDER_IMAGES_MAX) throw tooManyPhotos(order.id);
      const imageId = await insertImage(tx, { orderId: order.id, uploadedBy: auth.memberId, storageKey: key, mimeType: kind.mime, sizeBytes: bytes.length });
      await tx.update(orders).set({ updatedAt: sql`now()` }).where(eq(orders.id, order.id));
      return imageId;
    });
    committed = true;
    return { id, url: imageUrl(order.id, id) };
  } finally {
    // No row, no file: a refused or failed insert must not leave an orphan in storage.
    if (!committed) {
      await deps.storage.delete(key).catch((error: unknown) => deps.log.warn({ err: error, storageKey: key }, 'could not delete the file of a photo whose row was not saved'));
    }
  }
}

/** GET /orders/{id}/images/{image_id}: the photo, to whoever may see the order; 404 to everyone else. */
export async function openOrderImage(
  deps: { db: Database; storage: ImageStorage },
  auth: AuthContext,
  orderId: number,
  imageId: number,
): Promise<{ stream: Readable; size: number; mimeType: string }> {
  const order = await findOrder(deps.db, orderId);
  if (!order || !canSeeOrder(tenancyOf(auth), order)) throw orderNotFound(orderId);
  const image = await findImage(deps.db, orderId, imageId);
  const stored = image ? await deps.storage.get(image.storageKey) : null;
  if (!image || !stored) throw notFound(`Photo ${imageId} of order ${formatOrderNumber(orderId)} was not found`);
  return { stream: stored.stream, size: stored.size, mimeType: image.mimeType };
}

/** The driver photographs the load until the weighed lines go out (design.md section 15). */
const DRIVER_REMOVES_IN: readonly OrderStatus[] = ['accepted', 'moving', 'arrived'];
/** After these, the weighed lines were submitted. */
const WEIGHED: readonly OrderStatus[] = ['waiting_store', 'waiting_admin', 'waiting_driver', 'completed'];
/** An admin may correct the photos of an order until it is closed. */
const CLOSED: readonly OrderStatus[] = ['completed', 'cancelled'];

function removalRefused(orderId: number, status: OrderStatus, byDriver: boolean) {
  const why = byDriver && WEIGHED.includes(status) ? 'the weighed lines were submitted' : `it is ${ORDER_STATUS_LABELS[status]} now`;
  return conflict(`Photos of order ${formatOrderNumber(orderId)} can no longer be removed: ${why}`);
}

/**
 * DELETE /orders/{id}/images/{image_id}: the order's driver while the order is accepted,
 * moving or arrived, an admin until it is completed or cancelled. Judged on the locked
 * order, so it cannot slip past a transition submitting the weighed lines (which counts
 * the photos under the same lock). Like a new photo, it moves the order's `updated_at`:
 * list ETags change and the change feed carries an `order` event.
 */
export async function removeOrderImage(
  deps: { db: Database; storage: ImageStorage; log: FastifyBaseLogger },
  auth: AuthContext,
  orderId: number,
  imageId: number,
): Promise<void> {
  const storageKey = await deps.db.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order || !canSeeOrder(tenancyOf(auth), order)) throw orderNotFound(orderId);
    const ownDriver = auth.role === 'driver' && auth.driverId !== null && auth.driverId === order.driverId;
    if (auth.role !== 'admin' && !ownDriver) throw forbidden('Only the order\'s driver or an admin may remove its photos');
    const image = await findImage(tx, orderId, imageId);
    if (!image) throw notFound(`Photo ${imageId} of order ${formatOrderNumber(orderId)} was not found`);
    const allowed = auth.role === 'admin' ? !CLOSED.includes(order.status) : DRIVER_REMOVES_IN.includes(order.status);
    if (!allowed) throw removalRefused(orderId, order.status, ownDriver);
    await deleteImage(tx, orderId, imageId);
    await tx.update(orders).set({ updatedAt: sql`now()` }).where(eq(orders.id, order.id));
    return image.storageKey;
  });
  // The row is gone, so nobody reaches the file any more; one that cannot be deleted now
  // is an orphan to log, not a failure to report for a removal that happened.
  await deps.storage.delete(storageKey).catch((error: unknown) => deps.log.warn({ err: error, storageKey }, 'could not delete a removed photo\'s file'));
}
