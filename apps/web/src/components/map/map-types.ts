import type { GeoPoint } from '@app/shared/geo';

// The props of the kit's maps (documented in lazy-map.tsx, where pages import them from).

/**
 * What a marker stands for, each drawn in its own shape: `place` (the default) a pin;
 * `pickup` a pin with a name beside it; `driver` a square vehicle badge with a name beside it.
 */
export type MapPointKind = 'place' | 'pickup' | 'driver';

export interface MapPoint extends GeoPoint {
  /** Drawn on the marker, e.g. the stop's number ("1"); none: a plain pin. */
  label?: string;
  /** Shown when the marker is hovered or tapped, and read by screen readers. */
  title: string;
  kind?: MapPointKind;
  /** Written beside a pickup's or driver's marker (the store's, the driver's name), so the map reads without hovering. */
  tag?: string;
  /** Drawn larger, ringed and above the others (the pickup chosen in a list). */
  selected?: boolean;
  /**
   * Stands for the point across renders: handed back by `onSelect`, and the map refits only
   * when the set of ids changes, not when a point with an id moves (a driver's new position).
   */
  id?: string;
}

export interface PlacesMapProps {
  points: readonly MapPoint[];
  /** Where the viewer is (the driver's phone): a distinct dot, kept in view. */
  origin?: GeoPoint | undefined;
  /** CSS pixels; default 320. */
  height?: number;
  /** A click (or Enter) on a `pickup` marker; other kinds only open their title. */
  onSelect?: (point: MapPoint) => void;
  /** With no point to show, the map shows this city (when the kit knows it), else all of India. */
  city?: string | undefined;
}

export interface LocationPickerProps {
  value: GeoPoint | null;
  onChange: (point: GeoPoint | null) => void;
  /** The place's city name: an empty picker starts there (when the kit knows the city), else on all of India. */
  city?: string | undefined;
  /** No changes (while saving). */
  disabled?: boolean;
  /** A message about the pin (the server's 400 on `location`), shown under it. */
  error?: string | undefined;
  /** The map's height in CSS pixels; default 320. */
  height?: number;
  /** The sentence under the map; default the kit's, about a store's pin (a household's page says "your door"). */
  hint?: string;
}

export const DEFAULT_MAP_HEIGHT = 320;
