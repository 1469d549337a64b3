import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { ROLES } from '@app/shared/constants';
import { parseRateLimits } from '../rate-limit/rate-limit-policy';
import { isP256KeyPair, isP256PublicKey } from '../push/p256';
import { parseSmsUrl } from '../sms/sms-url';
import { DEFAULT_WHATSAPP_LANGUAGES, DEFAULT_WHATSAPP_TEMPLATES, parseWhatsAppLanguages, parseWhatsAppTemplates } from '../whatsapp/whatsapp-config';
import { OSM_ATTRIBUTION, OSM_TILE_URL, tileUrlProblem, type MapTiles } from '@app/shared/map-tiles';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
/** Unset or empty: `fallback`, which then passes the same checks as a value given. */
const orDefault = (fallback: string) => (v: unknown) => (v === '' || v === undefined ? fallback : v);
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());
const METRICS_TOKEN_MIN_LENGTH = 16;
const GENERATE_VAPID = 'as `npx web-push generate-vapid-keys` prints it';

const configSchema = z.object({
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  WEB_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  // Deadlines of every PostgreSQL session of the API (decision 061; PGlite has none). A
  // statement of a request runs at most this long, then answers 503 with Retry-After.
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(10_000),
  // The longest a statement waits for a lock: under the pool's 5 s connection timeout, so
  // requests queued behind lock waiters still get a connection; at most DB_STATEMENT_TIMEOUT_MS.
  DB_LOCK_TIMEOUT_MS: z.coerce.number().int().min(10).max(3_600_000).default(2_000),
  // Exports and reports (orders CSV, reconciliation, statement CSV sums) read for this long; at least DB_STATEMENT_TIMEOUT_MS.
  DB_EXPORT_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(120_000),
  // Unset: the API on this machine's API_PORT (http://localhost:3000 with the defaults).
  API_BASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
  APP_ROLE: z.enum(ROLES).default('admin'),
  APP_ENV: z.enum(['dev', 'production']).default('dev'),
  AUTH_PROVIDER: z.enum(['local', 'cognito']).default('local'),
  COGNITO_USER_POOL_ID: optionalText,
  COGNITO_CLIENT_ID: optionalText,
  COGNITO_DOMAIN: optionalText,
  COGNITO_REDIRECT_SIGN_IN: optionalText,
  COGNITO_REDIRECT_SIGN_OUT: optionalText,
  COGNITO_RESPONSE_TYPE: optionalText,
  // The user pool's endpoint when it is not AWS's (cognito-local in the tests, decision 038): the
  // web app's Amplify calls it, the API expects the issuer <endpoint>/<pool id>. Unset: AWS.
  COGNITO_ENDPOINT: optionalText.transform((text, ctx) => {
    if (text === undefined) return undefined;
    const url = URL.canParse(text) ? new URL(text) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: `"${text}" is not an endpoint such as http://localhost:9229 (http(s), host, optional port and path; no query)` });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }),
  ADMIN_LOGIN_ID: z.preprocess(emptyToUndefined, z.string().email().optional()),
  ADMIN_PASSWORD: optionalText,
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Kabadi Orders <no-reply@kabadi.local>'),
  AUTH_SIGNING_KEY: optionalText,
  // Outgoing SMS (design.md section 20): sns://?region=ap-south-1 sends through AWS SNS (credentials
  // from the SDK's default chain; &endpoint=http://... for another endpoint). Unset: DATA_DIR/outbox/sms/ and the log.
  SMS_URL: optionalText.transform((text, ctx) => {
    if (text === undefined) return undefined;
    try {
      return parseSmsUrl(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  // India's DLT registration (TRAI): the sender's entity id and each message's template id, sent
  // to SNS as AWS.MM.SMS.EntityId and AWS.MM.SMS.TemplateId. A Hindi text is a template of its own.
  SMS_DLT_ENTITY_ID: optionalText,
  SMS_DLT_TEMPLATE_OTP: optionalText,
  SMS_DLT_TEMPLATE_OTP_HI: optionalText,
  // A household's handover code and its receipt (design.md section 21).
  SMS_DLT_TEMPLATE_HANDOVER: optionalText,
  SMS_DLT_TEMPLATE_HANDOVER_HI: optionalText,
  SMS_DLT_TEMPLATE_RECEIPT: optionalText,
  SMS_DLT_TEMPLATE_RECEIPT_HI: optionalText,
  // The registered sender id (header) shown on the phone; unset: SNS's default.
  SMS_SENDER_ID: optionalText,
  // WhatsApp (design.md section 20): with both set, order updates go as approved template
  // messages through the WhatsApp Business Cloud API to members who opted in. Unset: off.
  WHATSAPP_TOKEN: optionalText,
  WHATSAPP_PHONE_NUMBER_ID: optionalText.refine((v) => v === undefined || /^\d{1,20}$/.test(v), 'use the phone number ID WhatsApp Manager shows (digits), not the phone number'),
  // The Graph API's address and version; tests point the URL at a local server.
  WHATSAPP_API_URL: z.preprocess(orDefault('https://graph.facebook.com'), z.string()).transform((text, ctx) => {
    const url = URL.canParse(text) ? new URL(text) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: `"${text}" is not an API address such as https://graph.facebook.com (http(s), host, optional port and path; no query)` });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }),
  WHATSAPP_API_VERSION: z.preprocess(orDefault('v21.0'), z.string().regex(/^v\d{1,3}\.\d{1,3}$/, 'use a Graph API version such as v21.0')),
  // The approved template of each kind of message (`kind=name`, comma-separated) and the
  // template language each app language gets (`en=en,hi=hi`; en serves every other one).
  WHATSAPP_TEMPLATES: z.preprocess(orDefault(DEFAULT_WHATSAPP_TEMPLATES), z.string()).transform((text, ctx) => {
    try {
      return parseWhatsAppTemplates(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  WHATSAPP_LANGUAGES: z.preprocess(orDefault(DEFAULT_WHATSAPP_LANGUAGES), z.string()).transform((text, ctx) => {
    try {
      return parseWhatsAppLanguages(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  // Encrypts `npm run backup` files and opens them in `npm run restore` (docs/backups.md); the API itself never reads it.
  BACKUP_KEY: optionalText.refine((v) => v === undefined || v.length >= 16, 'use at least 16 characters: a long passphrase, or a random key such as `openssl rand -base64 32` prints'),
  // Web Push (design.md section 15). Unset: a key pair generated on first start and kept in the database.
  VAPID_PUBLIC_KEY: optionalText.refine((v) => v === undefined || (/^[A-Za-z0-9_-]+$/.test(v) && isP256PublicKey(v)), `use the base64url public key (65 bytes, no "="), ${GENERATE_VAPID}`),
  VAPID_PRIVATE_KEY: optionalText.refine((v) => v === undefined || /^[A-Za-z0-9_-]{43}$/.test(v), `use the base64url private key (32 bytes, no "="), ${GENERATE_VAPID}`),
  // Who push services may contact about this sender. Unset: MAIL_FROM's address.
  VAPID_SUBJECT: optionalText.refine((v) => v === undefined || /^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/.test(v), 'use mailto:someone@example.com or an https: URL'),
  // Overrides of the sign-in, sign-up and forgot-password limits: `login.login_id=10/900,login.address=20/60`.
  RATE_LIMITS: optionalText.transform((text, ctx) => {
    try {
      return parseRateLimits(text);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  }),
  // The web app's origin(s), comma-separated: the only ones CORS lets call with credentials. Unset: this machine's WEB_PORT.
  WEB_ORIGIN: optionalText.transform((text, ctx) => {
    const origins = (text ?? '').split(',').map((o) => o.trim()).filter(Boolean);
    for (const origin of origins) {
      const parsed = URL.canParse(origin) ? new URL(origin) : null;
      if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.origin !== origin) {
        ctx.addIssue({ code: 'custom', message: `"${origin}" is not an origin such as https://orders.example.com (scheme, host, optional port; no path)` });
        return z.NEVER;
      }
    }
    return origins;
  }),
  // Photos in S3-compatible object storage: s3://bucket?endpoint=...&region=...&force_path_style=true. Unset: DATA_DIR/images.
  STORAGE_URL: z.preprocess(emptyToUndefined, z.string().regex(/^s3:\/\/[a-z0-9][a-z0-9.-]{1,61}[a-z0-9](\?.*)?$/, 'use s3://bucket?endpoint=...&region=...').optional()),
  // Longest time to receive a whole request (headers and body): slow senders cannot hold sockets.
  REQUEST_TIMEOUT_S: z.coerce.number().int().min(1).max(3600).default(60),
  // First PDF builds run in this many worker threads (one core stays for the event loop),
  // with at most PDF_QUEUE builds waiting; one more is 503 with Retry-After (docs/decisions/063).
  PDF_WORKERS: z.coerce.number().int().min(1).max(64).default(Math.max(1, availableParallelism() - 1)),
  PDF_QUEUE: z.coerce.number().int().min(0).max(10_000).default(60),
  // The web app's maps (design.md section 18, decision 071): a Leaflet tile URL template. The
  // default, OpenStreetMap's own tiles, is for light use only (their tile usage policy): a busy
  // deployment names its own tile server or a provider's. The web host's CSP admits its host.
  MAP_TILE_URL: optionalText.refine((v) => v === undefined || tileUrlProblem(v) === null, {
    error: (issue) => `"${String(issue.input)}" is not a tile URL such as ${OSM_TILE_URL}: ${tileUrlProblem(String(issue.input))}`,
  }),
  // The credit the tiles' provider asks for, shown on every map (plain text), and where it links. Unset: OpenStreetMap's.
  MAP_TILE_ATTRIBUTION: optionalText,
  MAP_TILE_ATTRIBUTION_URL: z.preprocess(emptyToUndefined, z.string().url().refine((v) => /^https?:/.test(v), 'use an http(s) URL').optional()),
  // An OSRM server (design.md section 19, decision 078) for the ETA of a moving order:
  // GET <ROUTING_URL>/route/v1/driving/... gives the road distance and duration from the
  // driver's last position to the store. Unset, or when it does not answer within a second
  // and a half: the straight line x 1.4 at 18 km/h.
  ROUTING_URL: optionalText.transform((text, ctx) => {
    if (text === undefined) return undefined;
    const url = URL.canParse(text) ? new URL(text) : null;
    if (!url || !/^https?:$/.test(url.protocol) || url.search || url.hash || url.username || url.password) {
      ctx.addIssue({ code: 'custom', message: `"${text}" is not a routing server such as http://localhost:5000 (http(s), host, optional port and path; no query)` });
      return z.NEVER;
    }
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  }),
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  // GET /metrics answers only a request with `Authorization: Bearer` this token; unset, the route does not exist (docs/metrics.md).
  METRICS_TOKEN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../../web/dist')),
});

export type AppConfig = Omit<z.infer<typeof configSchema>, 'API_BASE_URL' | 'WEB_ORIGIN' | 'VAPID_SUBJECT' | 'MAP_TILE_URL' | 'MAP_TILE_ATTRIBUTION' | 'MAP_TILE_ATTRIBUTION_URL'> & {
  API_BASE_URL: string;
  WEB_ORIGIN: string[];
  VAPID_SUBJECT: string;
  /** MAP_TILE_URL and its credit, defaults filled in. */
  mapTiles: MapTiles;
  dataDir: string;
};

/** `mailto:` the address of MAIL_FROM (`Name <address>` or a bare address). */
function mailtoOf(from: string): string {
  return `mailto:${/<([^>]+)>/.exec(from)?.[1] ?? from.trim()}`;
}

/** Unset WEB_ORIGIN: the web host of this machine, and in dev also the Vite dev server. */
function defaultWebOrigins(webPort: number, env: 'dev' | 'production'): string[] {
  const origins = [`http://localhost:${webPort}`];
  if (env === 'dev') origins.push(`http://127.0.0.1:${webPort}`, 'http://localhost:5173');
  return origins;
}

/** The one place configuration is read: validated at start-up, so a typo stops the process with the variable named. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.AUTH_PROVIDER === 'cognito' && (!config.COGNITO_USER_POOL_ID || !config.COGNITO_CLIENT_ID)) {
    throw new Error('Invalid configuration: AUTH_PROVIDER=cognito needs COGNITO_USER_POOL_ID and COGNITO_CLIENT_ID');
  }
  if (config.DB_LOCK_TIMEOUT_MS > config.DB_STATEMENT_TIMEOUT_MS || config.DB_EXPORT_STATEMENT_TIMEOUT_MS < config.DB_STATEMENT_TIMEOUT_MS) {
    throw new Error('Invalid configuration: keep DB_LOCK_TIMEOUT_MS <= DB_STATEMENT_TIMEOUT_MS <= DB_EXPORT_STATEMENT_TIMEOUT_MS');
  }
  if (config.MAP_TILE_ATTRIBUTION_URL && !config.MAP_TILE_ATTRIBUTION) {
    throw new Error('Invalid configuration: MAP_TILE_ATTRIBUTION_URL needs MAP_TILE_ATTRIBUTION (the credit it links from)');
  }
  if (config.ADMIN_LOGIN_ID && !config.ADMIN_PASSWORD) {
    throw new Error('Invalid configuration: ADMIN_LOGIN_ID needs ADMIN_PASSWORD');
  }
  if (!config.WHATSAPP_TOKEN !== !config.WHATSAPP_PHONE_NUMBER_ID) {
    throw new Error('Invalid configuration: set both WHATSAPP_TOKEN and WHATSAPP_PHONE_NUMBER_ID to send order updates on WhatsApp, or neither');
  }
  if (!config.VAPID_PUBLIC_KEY !== !config.VAPID_PRIVATE_KEY) {
    throw new Error('Invalid configuration: set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither (a pair is then generated and kept in the database)');
  }
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY && !isP256KeyPair(config.VAPID_PUBLIC_KEY, config.VAPID_PRIVATE_KEY)) {
    throw new Error('Invalid configuration: VAPID_PRIVATE_KEY is not the private key of VAPID_PUBLIC_KEY');
  }
  if (config.APP_ENV === 'production' && config.METRICS_TOKEN !== undefined && config.METRICS_TOKEN.length < METRICS_TOKEN_MIN_LENGTH) {
    // The metrics show traffic, queues and process internals: a short token is guessed.
    throw new Error(`Invalid configuration: METRICS_TOKEN must be at least ${METRICS_TOKEN_MIN_LENGTH} characters in production (e.g. \`openssl rand -hex 32\`)`);
  }
  const { MAP_TILE_URL, MAP_TILE_ATTRIBUTION, MAP_TILE_ATTRIBUTION_URL, ...rest } = config;
  return {
    ...rest,
    mapTiles: {
      tileUrl: MAP_TILE_URL ?? OSM_TILE_URL,
      attribution: MAP_TILE_ATTRIBUTION ? { text: MAP_TILE_ATTRIBUTION, url: MAP_TILE_ATTRIBUTION_URL ?? null } : { ...OSM_ATTRIBUTION },
    },
    API_BASE_URL: config.API_BASE_URL ?? `http://localhost:${config.API_PORT}`,
    WEB_ORIGIN: config.WEB_ORIGIN.length > 0 ? config.WEB_ORIGIN : defaultWebOrigins(config.WEB_PORT, config.APP_ENV),
    VAPID_SUBJECT: config.VAPID_SUBJECT ?? mailtoOf(config.MAIL_FROM),
    dataDir: path.resolve(config.DATA_DIR),
  };
}

/** A configuration for tests: defaults plus overrides, never the process environment. */
export function testConfig(overrides: Partial<Record<keyof z.input<typeof configSchema>, string>> = {}): AppConfig {
  // Roomier deadlines than production's: a loaded CI machine must not turn a concurrency
  // test's lock wait into a 503. The deadline tests set their own short ones.
  const deadlines = { DB_STATEMENT_TIMEOUT_MS: '60000', DB_LOCK_TIMEOUT_MS: '20000', DB_EXPORT_STATEMENT_TIMEOUT_MS: '120000' };
  return loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/kabadi-test-data', ...deadlines, ...overrides } as NodeJS.ProcessEnv);
}

/** The web app's address that mails, SMS and WhatsApp messages point at: its first origin. */
export function webUrlOf(config: Pick<AppConfig, 'WEB_ORIGIN' | 'WEB_PORT'>): string {
  return config.WEB_ORIGIN[0] ?? `http://localhost:${config.WEB_PORT}`;
}
