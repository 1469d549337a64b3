import * as z from 'zod/mini';
import { ROLES } from '@app/shared/constants';

// /config.json is served next to the built app by the web host (apps/api/src/web-host/public-config.ts,
// design.md section 3). It is read once, before the app renders. zod/mini keeps this check
// out of the way of the /login bundle budget.

const nullableText = z.optional(z.nullable(z.string()));

export const runtimeConfigSchema = z.object({
  apiBaseUrl: z._default(z.url(), 'http://localhost:3000'),
  role: z._default(z.enum(ROLES), 'admin'),
  env: z._default(z.enum(['dev', 'production']), 'dev'),
  auth: z._default(
    z.object({
      provider: z._default(z.enum(['local', 'cognito']), 'local'),
      userPoolId: nullableText,
      userPoolClientId: nullableText,
      domain: nullableText,
      redirectSignIn: nullableText,
      redirectSignOut: nullableText,
      responseType: nullableText,
    }),
    { provider: 'local' },
  ),
});

export type RuntimeConfig = z.output<typeof runtimeConfigSchema>;
export type AuthConfig = RuntimeConfig['auth'];

/** What the app uses when no /config.json is served (for example under `vite` in development). */
export const FALLBACK_CONFIG: RuntimeConfig = runtimeConfigSchema.parse({});

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

let current: RuntimeConfig | null = null;

/** Parses the body of /config.json; throws RuntimeConfigError naming each bad field. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const parsed = runtimeConfigSchema.safeParse(body);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`);
    throw new RuntimeConfigError(`The configuration at /config.json is invalid: ${lines.join('; ')}`);
  }
  return parsed.data;
}

/**
 * Fetches /config.json. A missing file (or the HTML a development server answers instead)
 * falls back to FALLBACK_CONFIG; a file that is JSON but invalid stops the start-up.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let body: unknown;
  try {
    const response = await fetchImpl('/config.json', { cache: 'no-store', headers: { accept: 'application/json' } });
    const type = response.headers.get('content-type') ?? '';
    if (!response.ok || !type.includes('json')) {
      console.warn(`No /config.json (status ${response.status}): using ${FALLBACK_CONFIG.apiBaseUrl}`);
      current = FALLBACK_CONFIG;
      return current;
    }
    body = await response.json();
  } catch (error) {
    console.warn('Could not read /config.json: using the fallback configuration', error);
    current = FALLBACK_CONFIG;
    return current;
  }
  current = parseRuntimeConfig(body);
  return current;
}

/** The configuration read at start-up. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new Error('The runtime configuration is not loaded yet: call loadRuntimeConfig() first');
  return current;
}

/** For tests, and for start-up code that already holds a configuration. */
export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

/** APP_ENV=dev lets any role browse any section and sign in to any deployment. */
export function isDevEnv(): boolean {
  return getRuntimeConfig().env === 'dev';
}
