import fs from 'node:fs';
import path from 'node:path';
import type { IncomingMessage } from 'node:http';
import { expect } from 'vitest';
import type { App } from '../app';

/**
 * The pass through nginx runs a subset of the API suite (scripts/test-api-through-nginx.mjs).
 * Its promise is "every route at least once, over both processes": each balanced test app
 * writes here, when it closes, which routes its requests reached and on which process, and
 * the script fails the pass when a documented route was never reached. Set by the script.
 */
const COVERAGE_DIR = process.env.API_ROUTE_COVERAGE_DIR;

export interface RouteCoverageFile {
  /** The test file, relative to the repository (to choose the subset). */
  testFile: string;
  /** Every route the app documents, as `METHOD /path/{param}`. */
  routes: string[];
  /** `METHOD /path/{param}` → requests answered by the first and the second process. */
  hits: Record<string, [number, number]>;
}

/** `/orders/12/images/3` with params {id: '12', image_id: '3'} → `/orders/{id}/images/{image_id}`, OpenAPI's spelling. */
function patternOf(app: App, method: string, rawUrl: string): string | null {
  const pathname = rawUrl.split('?')[0]!;
  const found = app.findRoute({ method: method as 'GET', url: pathname });
  if (!found) return null;
  // The router gives the parameters in the order they stand in the path.
  const params = Object.entries(found.params as Record<string, string>);
  const segments = pathname.replace(/\/+$/, '').split('/');
  let next = 0;
  for (let i = 0; i < segments.length && next < params.length; i++) {
    let value: string;
    try {
      value = decodeURIComponent(segments[i]!);
    } catch {
      return null;
    }
    if (value === params[next]![1]) segments[i] = `{${params[next++]![0]}}`;
  }
  return next === params.length ? `${method} ${segments.join('/') || '/'}` : null;
}

function documentedRoutes(app: App): string[] {
  const spec = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const routes: string[] = [];
  for (const [route, operations] of Object.entries(spec.paths ?? {})) {
    for (const method of Object.keys(operations)) routes.push(`${method.toUpperCase()} ${route.replace(/\/+$/, '') || '/'}`);
  }
  return routes;
}

/** Records the routes `apps` answer (index 0: the first process) until the returned function writes them. */
export function recordRouteCoverage(apps: [App, App]): () => void {
  if (!COVERAGE_DIR) return () => {};
  const testFile = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown');
  const hits: Record<string, [number, number]> = {};
  const routes = new Set(documentedRoutes(apps[0]));
  apps.forEach((app, index) => {
    app.server.on('request', (request: IncomingMessage) => {
      const pattern = patternOf(app, request.method ?? 'GET', request.url ?? '/');
      if (!pattern || !routes.has(pattern)) return;
      (hits[pattern] ??= [0, 0])[index]! += 1;
    });
  });
  return () => {
    const file: RouteCoverageFile = { testFile, routes: [...routes], hits };
    fs.mkdirSync(COVERAGE_DIR, { recursive: true });
    fs.writeFileSync(path.join(COVERAGE_DIR, `${process.pid}-${Date.now()}-${Math.random().toString(36).slice(2)}.json`), JSON.stringify(file));
  };
}
