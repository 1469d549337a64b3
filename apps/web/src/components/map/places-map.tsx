import { useEffect, useMemo } from 'react';
import { latLngBounds, type LatLngBounds } from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useMap } from 'react-leaflet';
import { INDIA_BOUNDS, type GeoPoint } from '@app/shared/geo';
import { DEFAULT_MAP_HEIGHT, type PlacesMapProps } from './map-types';
import { MapFrame } from './map-frame';
import { MAP_NS } from './map-texts';
import { originIcon, pinIcon } from './markers';

// Places on a map (only reached through lazy-map.tsx): numbered markers, the viewer's dot,
// all of them in view.

const INDIA: [[number, number], [number, number]] = [
  [INDIA_BOUNDS.lat.min, INDIA_BOUNDS.lng.min],
  [INDIA_BOUNDS.lat.max, INDIA_BOUNDS.lng.max],
];
/** One place alone is shown at street level. */
const SINGLE_PLACE_ZOOM = 15;

function boundsOf(places: readonly GeoPoint[]): LatLngBounds {
  return places.length === 0 ? latLngBounds(INDIA) : latLngBounds(places.map((p) => [p.lat, p.lng]));
}

/** Keeps every place in view when the places change (a new order, the driver moving). */
function FitPlaces({ places }: { places: readonly GeoPoint[] }) {
  const map = useMap();
  const key = places.map((p) => `${p.lat},${p.lng}`).join(';');
  useEffect(() => {
    const bounds = boundsOf(places);
    if (places.length === 1) map.setView(bounds.getCenter(), SINGLE_PLACE_ZOOM);
    else map.fitBounds(bounds, { padding: [32, 32], maxZoom: 16 });
    // The key stands for the places: a new array of the same places moves nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

export function PlacesMap({ points, origin, height = DEFAULT_MAP_HEIGHT }: PlacesMapProps) {
  const { t } = useTranslation(MAP_NS);
  const places = useMemo(() => [...points, ...(origin ? [origin] : [])], [points, origin]);
  const first = boundsOf(places);
  const view = places.length === 1 ? { center: first.getCenter(), zoom: SINGLE_PLACE_ZOOM } : { bounds: first };
  return (
    <MapFrame view={view} height={height} label={t('label')}>
      <FitPlaces places={places} />
      {points.map((point, index) => (
        <Marker key={`${index}:${point.lat},${point.lng}`} position={[point.lat, point.lng]} icon={pinIcon(point.label)} title={point.title} alt={point.title}>
          <Popup>{point.title}</Popup>
        </Marker>
      ))}
      {origin && <Marker position={[origin.lat, origin.lng]} icon={originIcon()} title={t('origin')} keyboard={false} zIndexOffset={-100} />}
    </MapFrame>
  );
}
