import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@app/shared/constants';
import { IDEMPOTENCY_KEY_HEADER } from '@app/shared/constants';
import { orderIdParamsSchema, orderImageParamsSchema, orderImageUploadSchema } from '@app/shared/schemas/orders';
import { authOf, requireAuth } from '../../auth/guards';
import { fieldError, HttpError } from '../../http/http-error';
import { IDEMPOTENCY_DESCRIPTION, idempotencyHeaders, idempotencyKeyOf, idempotent, sha256 } from '../../idempotency/idempotent';
import type { ImageStorage } from '../../storage/image-storage';
import { addOrderImage, openOrderImage, orderForImageUpload, removeOrderImage } from './order-images';
import { bearer, errorResponses, type OrdersApp } from './orders-route-kit';

const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

/** `boundary=` of a multipart Content-Type: without it the body cannot be split into parts. */
const BOUNDARY = /;\s*boundary=(?:"[^"]+"|[^\s";]+)/i;

/**
 * The parser's own errors (a body cut short, a malformed part) carry no status: they are the
 * client's, so a 400. Limits keep their 413.
 */
function uploadError(error: unknown): unknown {
  if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
    return new HttpError(413, `A photo may be at most ${MAX_MB} MB`, { file: [`A photo may be at most ${MAX_MB} MB`] });
  }
  if (error instanceof HttpError || typeof (error as { statusCode?: unknown }).statusCode === 'number') return error;
  return fieldError('file', 'The upload is not well-formed multipart/form-data (cut short?); send the photo again');
}

/** The uploaded photo's bytes: 400 without one, 413 above the limit. */
async function readPhoto(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart() || !BOUNDARY.test(request.headers['content-type'] ?? '')) throw fieldError('file', 'Send the photo as multipart/form-data (with its boundary)');
  try {
    const file = await request.file();
    if (!file) throw fieldError('file', 'Attach a photo');
    return await file.toBuffer();
  } catch (error) {
    throw uploadError(error);
  }
}

export function registerOrderImageRoutes(app: OrdersApp, storage: ImageStorage): void {
  app.post(
    '/orders/:id/images',
    {
      onRequest: requireAuth(),
      preHandler: app.limitPerMember('upload'),
      schema: {
        tags: ['orders'],
        summary: 'Add a photo to an order',
        description: `multipart/form-data with one file (field \`file\`): JPEG, PNG or WebP, judged by its bytes; at most ${MAX_MB} MB. The order's driver, its store or an admin. ${IDEMPOTENCY_DESCRIPTION} The body is the file's bytes: with a key they are read before the caller's rights are checked, so that a repeat gets the first answer even after the order moved on.`,
        consumes: ['multipart/form-data'],
        security: bearer,
        headers: idempotencyHeaders,
        params: orderIdParamsSchema,
        response: { 201: orderImageUploadSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const deps = { db: app.db, storage, log: request.log };
      if (idempotencyKeyOf(request.headers[IDEMPOTENCY_KEY_HEADER]) === null) {
        // Who may upload is checked before a byte of the upload is read.
        const order = await orderForImageUpload(app.db, auth, request.params.id);
        return reply.code(201).send(await addOrderImage(deps, auth, order, await readPhoto(request)));
      }
      // With a key the bytes say what the request is, so they are read first; the checks are
      // part of the work whose first answer the key keeps.
      const bytes = await readPhoto(request);
      return idempotent(app.db, request, reply, { bodyHash: sha256(bytes) }, async () => {
        const order = await orderForImageUpload(app.db, auth, request.params.id);
        return { status: 201, body: await addOrderImage(deps, auth, order, bytes) };
      });
    },
  );

  app.delete(
    '/orders/:id/images/:image_id',
    {
      onRequest: requireAuth(),
      schema: {
        tags: ['orders'],
        summary: 'Removes a photo of an order, and its file',
        description:
          'The order\'s driver while the order is accepted, moving or arrived (before the weighed lines are submitted); an admin until the order is completed or cancelled. 404: not an order or photo the caller may see; 403: a store or vendor; 409: the order moved past that.',
        security: bearer,
        params: orderImageParamsSchema,
        response: { 204: z.undefined().describe('Removed'), ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await removeOrderImage({ db: app.db, storage, log: request.log }, authOf(request), request.params.id, request.params.image_id);
      return reply.code(204).send();
    },
  );

  app.get(
    '/orders/:id/images/:image_id',
    {
      onRequest: requireAuth(),
      schema: {
        tags: ['orders'],
        summary: 'One photo of an order, as image/jpeg, image/png or image/webp',
        security: bearer,
        params: orderImageParamsSchema,
        response: {
          200: { description: 'The photo', content: Object.fromEntries(IMAGE_MIME_TYPES.map((mime) => [mime, { schema: z.any() }])) },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const image = await openOrderImage({ db: app.db, storage }, authOf(request), request.params.id, request.params.image_id);
      return reply
        .type(image.mimeType)
        .header('content-length', String(image.size))
        // Photos never change under their id; only people who may see the order get them.
        .header('cache-control', 'private, max-age=86400, immutable')
        .header('x-content-type-options', 'nosniff')
        .send(image.stream);
    },
  );
}
