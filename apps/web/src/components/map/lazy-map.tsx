import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Skeleton from '@mui/material/Skeleton';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAP_HEIGHT, type LocationPickerProps, type PlacesMapProps } from './map-types';
import { MAP_NS } from './map-texts';
import { importWhenOnline } from '@/lib/import-when-online';

/**
 * The map kit's only always-loaded module (design.md section 18, decision 071). Leaflet, its
 * CSS and react-leaflet live in modules reached only through the `lazy` imports below, so a
 * page pays for map code only when it draws a map, and no phone start ever loads it.
 *
 *   <PlacesMap points={[{ lat, lng, label: '1', title: 'Green Store' }]} origin={{ lat, lng }} height={320} />
 *     Fits every point (and the origin) in view; each point is a numbered marker (its `label`,
 *     else a plain pin) whose `title` shows on hover and tap; the origin is a distinct dot.
 *     A skeleton while the code loads; "The map could not load" when the code or the tiles
 *     fail (offline): the list around it still works.
 *     Dispatch's kinds: `kind: 'pickup'` (a pin, its `tag` written beside, `selected` larger and
 *     ringed; a click calls `onSelect(point)`) and `kind: 'driver'` (a square lorry badge, its
 *     `tag` beside). Points with an `id` keep the view when they move; a new id refits it.
 *     `city="Pune"`: where a map with no point looks (when the kit knows the city).
 *
 *   <LocationPicker value={{ lat, lng } | null} onChange={(point | null) => ...} city="Pune" error={serverMessage} />
 *     Tap or click to place the pin, drag it, "Use where I am" (the browser's position, its
 *     reason said first, its errors said in words), "Remove pin"; shows lat/lng to 6 decimals.
 *     Empty, the map starts on `city` when the kit knows it, else on all of India.
 */

export type { LocationPickerProps, MapPoint, MapPointKind, PlacesMapProps } from './map-types';

function MapFailed() {
  const { t } = useTranslation(MAP_NS);
  return (
    <Alert severity="warning" role="status">
      {t('failed')}
    </Alert>
  );
}

/** The map's code failed (not for the network: that waits, lib/import-when-online.ts): a sentence instead, the page goes on. */
class MapBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <MapFailed /> : this.props.children;
  }
}

function MapLoading({ height }: { height: number }) {
  const { t } = useTranslation(MAP_NS);
  return <Skeleton variant="rounded" height={height} role="status" aria-label={t('loading')} />;
}

function lazyMap<P extends object>(load: () => Promise<ComponentType<P>>, skeletonHeight: (props: P) => number): ComponentType<P> {
  const Loaded = lazy(() => importWhenOnline(load).then((component) => ({ default: component })));
  // Typed through ComponentType: React's lazy types lose a generic component's props.
  const Map = Loaded as unknown as ComponentType<P>;
  return function LazyMap(props: P) {
    return (
      <MapBoundary>
        <Suspense fallback={<MapLoading height={skeletonHeight(props)} />}>
          <Map {...props} />
        </Suspense>
      </MapBoundary>
    );
  };
}

export const PlacesMap = lazyMap<PlacesMapProps>(
  () => import('./places-map').then((module) => module.PlacesMap),
  (props) => props.height ?? DEFAULT_MAP_HEIGHT,
);

export const LocationPicker = lazyMap<LocationPickerProps>(
  () => import('./location-picker').then((module) => module.LocationPicker),
  // The map and the buttons under it.
  (props) => (props.height ?? DEFAULT_MAP_HEIGHT) + 120,
);
