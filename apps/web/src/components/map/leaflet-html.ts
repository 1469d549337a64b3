import type { MapAttribution } from '@app/shared/map-tiles';

// Leaflet takes credits and marker contents as HTML: what the kit puts there is escaped,
// never trusted as markup (MAP_TILE_ATTRIBUTION is an operator's setting, a title is data).

export const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The credit as Leaflet's attribution control shows it: linked when the provider gave a link. */
export function attributionHtml({ text, url }: MapAttribution): string {
  return url ? `<a href="${escapeHtml(url)}" target="_blank" rel="noopener noreferrer">${escapeHtml(text)}</a>` : escapeHtml(text);
}
