import { ROLES, type Role } from '@app/shared/constants';
import { DEFAULT_MAP_TILES, type MapAttribution, type MapTiles } from '@app/shared/map-tiles';

// /config.json is served next to the built app by the web host (apps/api/src/web-host/public-config.ts,
// design.md section 3). It is read once, before the app renders, on every page including
// /login: so it is checked by hand rather than with zod, which would be the largest single
// library on /login's path (decision 022).

const AUTH_TEXT_FIELDS = ['userPoolId', 'userPoolClientId', 'userPoolEndpoint', 'domain', 'redirectSignIn', 'redirectSignOut', 'responseType'] as const;
type AuthTextField = (typeof AUTH_TEXT_FIELDS)[number];

export type AuthConfig = { provider: 'local' | 'cognito' } & { [K in AuthTextField]?: string | null };

export interface RuntimeConfig {
  apiBaseUrl: string;
  role: Role;
  env: 'dev' | 'production';
  auth: AuthConfig;
  /** The maps' tiles and their credit (MAP_TILE_URL); absent: OpenStreetMap's (see mapTiles()). */
  map?: MapTiles;
}

/** What the app uses when no /config.json is served (for example under `vite` in development). */
export const FALLBACK_CONFIG: RuntimeConfig = { apiBaseUrl: 'http://localhost:3000', role: 'admin', env: 'dev', auth: { provider: 'local' } };

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

let current: RuntimeConfig | null = null;

// new URL() rather than URL.parse(): phones with a browser from before 2024 open /login too.
function isHttpUrl(text: string): boolean {
  try {
    return /^https?:$/.test(new URL(text).protocol);
  } catch {
    return false;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T, field: string, problems: string[]): T {
  if (value === undefined) return fallback;
  if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
  problems.push(`${field}: must be one of ${allowed.join(', ')}`);
  return fallback;
}

function parseAuth(value: unknown, problems: string[]): AuthConfig {
  if (value === undefined) return { ...FALLBACK_CONFIG.auth };
  if (!isObject(value)) {
    problems.push('auth: must be an object');
    return { ...FALLBACK_CONFIG.auth };
  }
  const auth: AuthConfig = { provider: oneOf(value.provider, ['local', 'cognito'] as const, 'local', 'auth.provider', problems) };
  for (const field of AUTH_TEXT_FIELDS) {
    const text = value[field];
    if (text === undefined) continue;
    if (text === null || typeof text === 'string') auth[field] = text;
    else problems.push(`auth.${field}: must be text or null`);
  }
  return auth;
}

function parseAttribution(value: unknown, problems: string[]): MapAttribution {
  if (!isObject(value) || typeof value.text !== 'string' || value.text.trim() === '') {
    problems.push('map.attribution.text: must be text');
    return DEFAULT_MAP_TILES.attribution;
  }
  const url = value.url ?? null;
  if (url !== null && !(typeof url === 'string' && isHttpUrl(url))) {
    problems.push('map.attribution.url: must be an http(s) URL or null');
    return DEFAULT_MAP_TILES.attribution;
  }
  return { text: value.text, url };
}

function parseMap(value: unknown, problems: string[]): MapTiles {
  if (!isObject(value)) {
    problems.push('map: must be an object');
    return DEFAULT_MAP_TILES;
  }
  // The API checked the template in full at its start (MAP_TILE_URL); this only keeps out what is no tile URL at all.
  const tileUrl = typeof value.tileUrl === 'string' && value.tileUrl.includes('{z}') && isHttpUrl(value.tileUrl.replace(/\{[^}]*\}/g, '0')) ? value.tileUrl : null;
  if (tileUrl === null) problems.push('map.tileUrl: must be an http(s) URL template with {z}, {x} and {y}');
  const attribution = parseAttribution(value.attribution, problems);
  return tileUrl === null ? DEFAULT_MAP_TILES : { tileUrl, attribution };
}

/** Parses the body of /config.json; throws RuntimeConfigError naming each bad field. */
export function parseRuntimeConfig(body: unknown): RuntimeConfig {
  const problems: string[] = [];
  if (!isObject(body)) throw new RuntimeConfigError('The configuration at /config.json is invalid: (root): must be an object');
  let apiBaseUrl = FALLBACK_CONFIG.apiBaseUrl;
  if (body.apiBaseUrl !== undefined) {
    if (typeof body.apiBaseUrl === 'string' && isHttpUrl(body.apiBaseUrl)) apiBaseUrl = body.apiBaseUrl;
    else problems.push('apiBaseUrl: must be an http(s) URL');
  }
  const config: RuntimeConfig = {
    apiBaseUrl,
    role: oneOf(body.role, ROLES, FALLBACK_CONFIG.role, 'role', problems),
    env: oneOf(body.env, ['dev', 'production'] as const, FALLBACK_CONFIG.env, 'env', problems),
    auth: parseAuth(body.auth, problems),
    ...(body.map !== undefined ? { map: parseMap(body.map, problems) } : {}),
  };
  if (problems.length > 0) throw new RuntimeConfigError(`The configuration at /config.json is invalid: ${problems.join('; ')}`);
  return config;
}

/**
 * Fetches /config.json. A missing file (or the HTML a development server answers instead)
 * falls back to FALLBACK_CONFIG; a file that is JSON but invalid stops the start-up.
 */
export async function loadRuntimeConfig(fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  let body: unknown;
  try {
    // The default cache mode, so that the page's preload of the file (its <link rel=preload>)
    // answers this one; the host sends it `no-cache`, so a copy is never used unchecked.
    const response = await fetchImpl('/config.json', { headers: { accept: 'application/json' } });
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

let reading: Promise<RuntimeConfig> | null = null;

/**
 * The page's one read of /config.json: the session's start (app/session-start.ts) and the
 * app's (main.tsx) share it, so the file is asked for once, answered by index.html's preload.
 */
export function readRuntimeConfigOnce(): Promise<RuntimeConfig> {
  reading ??= loadRuntimeConfig();
  return reading;
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

/** Where the maps' tiles come from and whom they credit. */
export function mapTiles(): MapTiles {
  return getRuntimeConfig().map ?? DEFAULT_MAP_TILES;
}

/** APP_ENV=dev lets any role browse any section and sign in to any deployment. */
export function isDevEnv(): boolean {
  return getRuntimeConfig().env === 'dev';
}
