import type { FastifyHelmetOptions } from '@fastify/helmet';
import { tileSource } from '@app/shared/map-tiles';
import type { AppConfig } from '../config/config';

type SecurityConfig = Pick<AppConfig, 'APP_ENV' | 'API_BASE_URL' | 'AUTH_PROVIDER' | 'COGNITO_USER_POOL_ID' | 'COGNITO_DOMAIN' | 'COGNITO_ENDPOINT' | 'mapTiles'>;

const HSTS = { maxAge: 180 * 24 * 60 * 60, includeSubDomains: true };

/**
 * Headers both ports send. HSTS only outside dev: a browser that once saw it on
 * http://localhost would refuse plain HTTP there for months.
 */
function common(config: Pick<AppConfig, 'APP_ENV'>) {
  const production = config.APP_ENV === 'production';
  return {
    hsts: production ? HSTS : false,
    // The API answers the web app from another origin; what it serves is guarded by tokens, not by CORP.
    crossOriginResourcePolicy: { policy: 'cross-origin' as const },
    crossOriginEmbedderPolicy: false,
    xContentTypeOptions: true,
    frameguard: { action: 'deny' as const },
  };
}

/** The API answers JSON, photos, CSV and PDF, and the /docs page: nothing of it may be framed or run inline script. */
export function apiHelmetOptions(config: SecurityConfig): FastifyHelmetOptions {
  return {
    ...common(config),
    // Headers for HTML documents in old or other browsers (IE's downloads, Flash's
    // cross-domain policies, DNS prefetching of links, the retired XSS auditor, origin
    // agent clusters) say nothing about JSON, CSV or PDF answers, and each one is written on
    // every answer, the store's 5-second poll included.
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xPermittedCrossDomainPolicies: false,
    xXssProtection: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'no-referrer' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'none'"],
        // Only the Swagger UI at /docs loads anything: its own files, the document, its inline styles and data: icons.
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        frameAncestors: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'none'"],
      },
    },
  };
}

/**
 * AWS endpoints Amplify talks to for a user pool (`ap-south-1_abc` lives in ap-south-1), or
 * the pool's own endpoint when COGNITO_ENDPOINT names one (cognito-local, decision 038).
 */
function cognitoOrigins(config: SecurityConfig): string[] {
  if (config.AUTH_PROVIDER !== 'cognito') return [];
  const region = config.COGNITO_USER_POOL_ID?.split('_')[0];
  const origins = config.COGNITO_ENDPOINT
    ? [new URL(config.COGNITO_ENDPOINT).origin]
    : region
      ? [`https://cognito-idp.${region}.amazonaws.com`, `https://cognito-identity.${region}.amazonaws.com`]
      : [];
  if (config.COGNITO_DOMAIN) origins.push(`https://${config.COGNITO_DOMAIN.replace(/^https?:\/\//, '').replace(/\/.*$/, '')}`);
  return origins;
}

/**
 * The built web app: scripts only from its own origin, and the inline scripts the build wrote
 * into index.html named by their hashes (`inlineScriptHashes`, web-host/inline-scripts.ts);
 * calls only to itself, the API and the identity provider. Styles may be inline because
 * MUI (emotion) injects its style elements at run time; photos and exports are blob: URLs;
 * map tiles are images from MAP_TILE_URL's host (decision 071).
 */
export function webHelmetOptions(config: SecurityConfig, inlineScriptHashes: readonly string[] = []): FastifyHelmetOptions {
  // No upgrade-insecure-requests: HSTS does that job for real hosts, and the directive would
  // break a production-mode instance served over plain http://localhost (the browser tests).
  return {
    ...common(config),
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`)],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', tileSource(config.mapTiles.tileUrl)],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", new URL(config.API_BASE_URL).origin, ...cognitoOrigins(config)],
        // The service worker (/sw.js, decision 029) and the web app manifest come from the web host itself.
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
  };
}

/**
 * Node's server timeouts. A request must arrive whole (headers and body) within
 * REQUEST_TIMEOUT_S, so a client trickling one byte at a time cannot hold a socket for
 * minutes; an idle socket closes after twice that. Only receiving is timed: a long answer
 * such as a CSV export or the SSE stream (which sends a heartbeat well inside the idle
 * timeout) is not cut. Keep-alive outlasts the 60 s idle timeout of common load balancers,
 * so they never send on a socket the API has just closed.
 */
export function serverTimeouts(config: Pick<AppConfig, 'REQUEST_TIMEOUT_S'>) {
  const requestTimeout = config.REQUEST_TIMEOUT_S * 1000;
  return {
    requestTimeout,
    connectionTimeout: requestTimeout * 2,
    keepAliveTimeout: 65_000,
    // Node checks request timeouts on this interval (default 30 s): a short timeout needs checks as often.
    http: { connectionsCheckingInterval: Math.min(5_000, Math.max(250, requestTimeout / 4)), headersTimeout: Math.min(60_000, requestTimeout) },
  };
}
