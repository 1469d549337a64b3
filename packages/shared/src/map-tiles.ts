// Raster map tiles (design.md section 18, decision 071): the one place the API's settings,
// its Content-Security-Policy and the web app agree on what a tile URL may be.

/** OpenStreetMap's standard tiles: free for light use under https://operations.osmfoundation.org/policies/tiles/. */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
/** The credit OpenStreetMap's licence and tile policy ask for, linked to its copyright page. */
export const OSM_ATTRIBUTION = { text: '© OpenStreetMap contributors', url: 'https://www.openstreetmap.org/copyright' } as const;

export interface MapAttribution {
  text: string;
  /** Where the credit links to; null: plain text. */
  url: string | null;
}

export interface MapTiles {
  /** A Leaflet URL template: {z}/{x}/{y}, and optionally {s} (a subdomain), {r} (retina) and {-y} (TMS). */
  tileUrl: string;
  attribution: MapAttribution;
}

export const DEFAULT_MAP_TILES: MapTiles = { tileUrl: OSM_TILE_URL, attribution: { ...OSM_ATTRIBUTION } };

const PLACEHOLDER = /\{([^}]*)\}/g;
const KNOWN = new Set(['s', 'z', 'x', 'y', 'r', '-y']);
// Every template needs the tile's zoom, column and row: either {y} or TMS's {-y}.
const REQUIRED = ['z', 'x'];

/**
 * Checks a tile URL template; null when it is one, else what is wrong. Only `{s}` may stand in
 * the host, and only as its first label (`https://{s}.tile.example.com/...`), so the CSP can
 * name every host the tiles come from.
 */
export function tileUrlProblem(template: string): string | null {
  const names = [...template.matchAll(PLACEHOLDER)].map((match) => match[1]!);
  const unknown = names.find((name) => !KNOWN.has(name));
  if (unknown !== undefined) return `{${unknown}} is not a placeholder Leaflet fills: use {z}, {x}, {y}, {s}, {r} or {-y}`;
  if (REQUIRED.some((name) => !names.includes(name)) || !(names.includes('y') || names.includes('-y'))) return 'the template needs {z}, {x} and {y}';
  const sample = template.replaceAll('{s}', 'a').replace(PLACEHOLDER, '0');
  let url: URL;
  try {
    url = new URL(sample);
  } catch {
    return 'it is not a URL';
  }
  if (!/^https?:$/.test(url.protocol)) return 'use an http(s) URL';
  if (url.username || url.password) return 'leave user names and passwords out of the URL';
  const host = /^https?:\/\/([^/?#]*)/.exec(template)?.[1] ?? '';
  if (/[{}]/.test(host.replace(/^\{s\}\./, ''))) return 'only {s} may stand in the host, as its first part ({s}.tile.example.com)';
  return null;
}

/**
 * The CSP source that admits every tile of a valid template: its origin, with `{s}.` turned
 * into the wildcard `*.`.
 */
export function tileSource(template: string): string {
  const subdomains = /^https?:\/\/\{s\}\./.test(template);
  const url = new URL(template.replaceAll('{s}', 'a').replace(PLACEHOLDER, '0'));
  return subdomains ? `${url.protocol}//*.${url.host.replace(/^a\./, '')}` : url.origin;
}
