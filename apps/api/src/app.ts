import Fastify, { type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config/config';
import type { Database, DatabaseHandle } from './db/database';
import { registerErrorHandler } from './http/error-handler';
import { loggerOptions } from './http/logger-options';
import { RequestLogController } from './http/request-logging';
import { requestIdOf } from './http/request-id';
import { registerStrictQuery } from './http/strict-query';
import { registerNulGuard } from './http/nul-guard';
import { apiHelmetOptions, serverTimeouts } from './http/security';
import { registerRateLimits } from './rate-limit/rate-limits';
import type { SigningKeySet } from './auth/signing-keys';
import type { AccessTokenVerifier } from './auth/access-tokens';
import { createTokenVerifier } from './auth/token-verifier';
import type { Mailer } from './mail/mailer';
import { createMailer } from './mail/create-mailer';
import type { SmsSender } from './sms/sms-sender';
import { closeSms } from './sms/sms-runner';
import { createSmsSender } from './sms/create-sms-sender';
import { healthRoutes } from './features/health/health-routes';
import { authRoutes } from './features/auth/auth-routes';
import { membersRoutes } from './features/members/members-routes';
import { catalogRoutes } from './features/catalog/catalog-routes';
import { ordersRoutes } from './features/orders/orders-routes';
import { walletsRoutes } from './features/wallets/wallets-routes';
import { walletTransactionsRoutes } from './features/wallets/transactions-routes';
import { payoutsRoutes } from './features/payouts/payouts-routes';
import { statementsRoutes } from './features/statements/statements-routes';
import { reconciliationRoutes } from './features/reconciliation/reconciliation-routes';
import { invoiceRoutes } from './features/invoices/invoice-routes';
import { receiptRoutes } from './features/receipts/receipt-routes';
import { partnersRoutes } from './features/partners/partners-routes';
import { driverPositionsRoutes } from './features/driver-positions/driver-positions-routes';
import { escalationsRoutes } from './features/escalations/escalations-routes';
import { settingsRoutes } from './features/settings/settings-routes';
import { eventsRoutes } from './features/events/events-routes';
import { registerLiveFeed } from './features/events/live-feed';
import { registerPollCache } from './features/orders/order-poll-cache';
import { startScheduler } from './scheduler/scheduler';
import { savedViewsRoutes } from './features/saved-views/saved-views-routes';
import { householdsRoutes } from './features/households/households-routes';
import { pushRoutes } from './features/push/push-routes';
import { loadVapidKeys, type VapidKeys } from './push/vapid-keys';
import { startPushSender } from './push/push-sender';
import { registerBackupChannel } from './backup/backup-channel';
import { registerMetrics } from './metrics/register-metrics';
import { createImageStorage } from './storage/create-image-storage';
import type { ImageStorage } from './storage/image-storage';

declare module 'fastify' {
  interface FastifyInstance {
    config: AppConfig;
    db: Database;
    dbKind: DatabaseHandle['kind'];
    signingKeys: SigningKeySet;
    tokenVerifier: AccessTokenVerifier;
    mailer: Mailer;
    /** SMS (sign-in codes): SNS with SMS_URL, else the outbox in DATA_DIR. */
    smsSender: SmsSender;
    vapidKeys: VapidKeys;
    /** Order photos: the routes store them, the scheduler sweeps the orphans. */
    imageStorage: ImageStorage;
  }
}

export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  signingKeys: SigningKeySet;
  /** Tests swap in a verifier for a hosted pool they control. */
  tokenVerifier?: AccessTokenVerifier;
  /** Tests read mails from memory or their own SMTP server; default: SMTP_URL or the outbox. */
  mailer?: Mailer;
  /** Tests may keep SMS in memory; default: SMS_URL or the outbox. */
  smsSender?: SmsSender;
  /** Runs the scheduled jobs (auto-cancel, escalations, mail, pruning) every 30 s; tests run ticks themselves. Default true. */
  scheduler?: boolean;
  /** Sends queued Web Push every second (push/push-sender.ts). Default: as `scheduler`; tests of delivery turn it on. */
  pushSender?: boolean;
  /** Where the log goes; default stdout. The bench logs to a file, tests to memory. */
  logStream?: NodeJS.WritableStream;
}

export type App = FastifyInstance;

/** Builds the API exactly as it serves; tests call it with app.inject(). */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    logger: loggerOptions(config.LOG_LEVEL, deps.logStream),
    logController: new RequestLogController(),
    ...serverTimeouts(config),
    routerOptions: { ignoreTrailingSlash: true, ignoreDuplicateSlashes: true, caseSensitive: true },
    // requestIdOf reads X-Request-Id itself, after checking it.
    requestIdHeader: false,
    genReqId: requestIdOf,
    bodyLimit: 1024 * 1024,
    // Only behind a proxy that sets X-Forwarded-For may the client address come from it;
    // otherwise a client could forge its address and dodge the per-address limits.
    trustProxy: config.TRUST_PROXY,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('config', config);
  app.decorate('db', deps.database.db);
  app.decorate('dbKind', deps.database.kind);
  app.decorate('signingKeys', deps.signingKeys);
  app.decorate('tokenVerifier', deps.tokenVerifier ?? createTokenVerifier(config, deps.signingKeys));
  app.decorate('mailer', deps.mailer ?? createMailer(config, app.log));
  if (!deps.mailer) app.addHook('onClose', async () => app.mailer.close());
  app.decorate('smsSender', deps.smsSender ?? createSmsSender(config, app.log));
  // Kicked rounds still sending when the app closes (sign-in codes, a household's handover
  // code and receipt) write their outcome before the sender goes.
  app.addHook('onClose', async () => {
    await closeSms(app);
    if (!deps.smsSender) await app.smsSender.close();
  });
  app.decorate('imageStorage', createImageStorage(config));
  app.decorate('vapidKeys', await loadVapidKeys(deps.database.db, config));
  app.decorateRequest('auth', null);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  registerErrorHandler(app);
  registerNulGuard(app);
  registerStrictQuery(app);
  registerRateLimits(app);
  await registerMetrics(app, deps.database);

  // Before helmet and CORS: a cached poll answer replays the headers they set on it (features/events/poll-cache.ts).
  registerPollCache(app);
  await app.register(helmet, apiHelmetOptions(config));
  await app.register(cookie);
  await app.register(cors, {
    // Only the web app's own origin(s) may call with credentials (the refresh cookie);
    // reflecting any origin would let every site on the internet use a member's session.
    origin: config.WEB_ORIGIN,
    credentials: true,
    // @fastify/cors allows only GET, HEAD and POST unless told: the web app (another origin) also PATCHes, PUTs and DELETEs.
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // allowedHeaders unset: a preflight is answered with the headers it asks for (Authorization,
    // Content-Type, Idempotency-Key...), and the origin check above decides who may ask.
    // The web app's outbox reads whether an answer was replayed, and when to retry one still in progress.
    exposedHeaders: ['X-Total-Count', 'Link', 'ETag', 'X-Request-Id', 'Idempotent-Replayed', 'Retry-After'],
    // A phone keeps a preflight's answer two hours (Chromium's ceiling) instead of asking
    // again before every request: on a slow network each one is a round trip, and the store's
    // 5-second poll would otherwise be two requests (design.md section 16).
    maxAge: 7200,
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kabadi Orders API', version: '1.0.0', description: 'Orders, rates and partners of the materials-trading business.' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });

  registerLiveFeed(app);

  await app.register(healthRoutes);
  await app.register(authRoutes);
  await app.register(membersRoutes);
  await app.register(catalogRoutes);
  await app.register(ordersRoutes);
  await app.register(walletsRoutes);
  await app.register(walletTransactionsRoutes);
  await app.register(payoutsRoutes);
  await app.register(statementsRoutes);
  await app.register(reconciliationRoutes);
  await app.register(invoiceRoutes);
  await app.register(receiptRoutes);
  await app.register(partnersRoutes);
  await app.register(driverPositionsRoutes);
  await app.register(escalationsRoutes);
  await app.register(settingsRoutes);
  await app.register(eventsRoutes);
  await app.register(savedViewsRoutes);
  await app.register(householdsRoutes);
  await app.register(pushRoutes);

  registerBackupChannel(app, deps.database);
  if (deps.scheduler !== false) startScheduler(app);
  if (deps.pushSender ?? deps.scheduler !== false) startPushSender(app);
  await app.ready();
  return app;
}
