import type { GeoPoint } from '@app/shared/geo';

// The props of the kit's maps (documented in lazy-map.tsx, where pages import them from).

export interface MapPoint extends GeoPoint {
  /** Drawn on the marker, e.g. the stop's number ("1"); none: a plain pin. */
  label?: string;
  /** Shown when the marker is hovered or tapped, and read by screen readers. */
  title: string;
}

export interface PlacesMapProps {
  points: readonly MapPoint[];
  /** Where the viewer is (the driver's phone): a distinct dot, kept in view. */
  origin?: GeoPoint | undefined;
  /** CSS pixels; default 320. */
  height?: number;
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
}

export const DEFAULT_MAP_HEIGHT = 320;
