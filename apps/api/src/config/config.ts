import path from 'node:path';
import { z } from 'zod';
import { ROLES } from '@app/shared/constants';
import { parseRateLimits } from '../rate-limit/rate-limit-policy';
import { isP256KeyPair, isP256PublicKey } from '../push/p256';

const emptyToUndefined = (v: unknown) => (v === '' ? undefined : v);
const optionalText = z.preprocess(emptyToUndefined, z.string().optional());
const METRICS_TOKEN_MIN_LENGTH = 16;
const GENERATE_VAPID = 'as `npx web-push generate-vapid-keys` prints it';

const configSchema = z.object({
  API_PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  WEB_PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().url().optional()),
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
  TRUST_PROXY: z.enum(['true', 'false']).default('false').transform((v) => v === 'true'),
  // GET /metrics answers only a request with `Authorization: Bearer` this token; unset, the route does not exist (docs/metrics.md).
  METRICS_TOKEN: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().default(path.resolve(import.meta.dirname, '../../../web/dist')),
});

export type AppConfig = Omit<z.infer<typeof configSchema>, 'API_BASE_URL' | 'WEB_ORIGIN' | 'VAPID_SUBJECT'> & {
  API_BASE_URL: string;
  WEB_ORIGIN: string[];
  VAPID_SUBJECT: string;
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
  if (config.ADMIN_LOGIN_ID && !config.ADMIN_PASSWORD) {
    throw new Error('Invalid configuration: ADMIN_LOGIN_ID needs ADMIN_PASSWORD');
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
  return {
    ...config,
    API_BASE_URL: config.API_BASE_URL ?? `http://localhost:${config.API_PORT}`,
    WEB_ORIGIN: config.WEB_ORIGIN.length > 0 ? config.WEB_ORIGIN : defaultWebOrigins(config.WEB_PORT, config.APP_ENV),
    VAPID_SUBJECT: config.VAPID_SUBJECT ?? mailtoOf(config.MAIL_FROM),
    dataDir: path.resolve(config.DATA_DIR),
  };
}

/** A configuration for tests: defaults plus overrides, never the process environment. */
export function testConfig(overrides: Partial<Record<keyof z.input<typeof configSchema>, string>> = {}): AppConfig {
  return loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/kabadi-test-data', ...overrides } as NodeJS.ProcessEnv);
}
