import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IMAGE_MAX_BYTES } from '@app/shared/constants';
import type { ImageStorage } from '../../storage/image-storage';
import { registerOrderImageRoutes } from './order-image-routes';
import { registerOrderReadRoutes } from './order-read-routes';
import { registerOrderReportRoutes } from './order-report-routes';
import { registerOrderWriteRoutes } from './order-write-routes';
import { tolerateEmptyJsonBodies } from './orders-route-kit';

export interface OrdersRoutesOptions {
  /** Where photos go; default: app.imageStorage (STORAGE_URL's object store, else files under DATA_DIR/images). */
  imageStorage?: ImageStorage;
}

/** The order life cycle of design.md section 7: lists, details, transitions, photos, counts, charts, export. */
export const ordersRoutes: FastifyPluginAsyncZod<OrdersRoutesOptions> = async (app, options) => {
  const storage = options.imageStorage ?? app.imageStorage;
  // Registered here, so only the photo upload reads multipart bodies; one file per request.
  await app.register(multipart, { limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 10, parts: 11 } });
  tolerateEmptyJsonBodies(app);
  registerOrderReadRoutes(app);
  registerOrderReportRoutes(app);
  registerOrderWriteRoutes(app);
  registerOrderImageRoutes(app, storage);
};
