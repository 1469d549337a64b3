import { z } from 'zod';
import { IMAGE_MAX_BYTES, IMAGE_MIME_TYPES } from '@app/shared/constants';
import { orderIdParamsSchema, orderImageParamsSchema, orderImageUploadSchema } from '@app/shared/schemas/orders';
import { authOf, requireAuth } from '../../auth/guards';
import { fieldError, HttpError } from '../../http/http-error';
import type { ImageStorage } from '../../storage/image-storage';
import { addOrderImage, openOrderImage, orderForImageUpload } from './order-images';
import { bearer, errorResponses, type OrdersApp } from './orders-route-kit';

const MAX_MB = IMAGE_MAX_BYTES / (1024 * 1024);

export function registerOrderImageRoutes(app: OrdersApp, storage: ImageStorage): void {
  app.post(
    '/orders/:id/images',
    {
      onRequest: requireAuth(),
      preHandler: app.limitPerMember('upload'),
      schema: {
        tags: ['orders'],
        summary: 'Add a photo to an order',
        description: `multipart/form-data with one file (field \`file\`): JPEG, PNG or WebP, judged by its bytes; at most ${MAX_MB} MB. The order's driver, its store or an admin.`,
        consumes: ['multipart/form-data'],
        security: bearer,
        params: orderIdParamsSchema,
        response: { 201: orderImageUploadSchema, ...errorResponses(400, 401, 403, 404, 409, 413, 429) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const order = await orderForImageUpload(app.db, auth, request.params.id);
      if (!request.isMultipart()) throw fieldError('file', 'Send the photo as multipart/form-data');
      const file = await request.file();
      if (!file) throw fieldError('file', 'Attach a photo');
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, `A photo may be at most ${MAX_MB} MB`, { file: [`A photo may be at most ${MAX_MB} MB`] });
        }
        throw error;
      }
      const created = await addOrderImage({ db: app.db, storage }, auth, order, bytes);
      return reply.code(201).send(created);
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
