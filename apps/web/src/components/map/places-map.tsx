import { useEffect, useMemo } from 'react';
import { latLngBounds, type LatLngBounds } from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Marker, Popup, useMap } from 'react-leaflet';
import { INDIA_BOUNDS, type GeoPoint } from '@app/shared/geo';
import { cityCentre } from './city-centres';
import { DEFAULT_MAP_HEIGHT, type MapPoint, type PlacesMapProps } from './map-types';
import { MapFrame } from './map-frame';
import { MAP_NS } from './map-texts';
import { driverIcon, originIcon, pickupIcon, pinIcon } from './markers';

// Places on a map (only reached through lazy-map.tsx): numbered markers, pickups and drivers,
// the viewer's dot, all of them in view.

const INDIA: [[number, number], [number, number]] = [
  [INDIA_BOUNDS.lat.min, INDIA_BOUNDS.lng.min],
  [INDIA_BOUNDS.lat.max, INDIA_BOUNDS.lng.max],
];
/** One place alone is shown at street level; a city with nothing on it, whole. */
const SINGLE_PLACE_ZOOM = 15;
const CITY_ZOOM = 12;
/** The chosen pickup is drawn above every other marker. */
const SELECTED_Z_OFFSET = 1000;

function boundsOf(places: readonly GeoPoint[]): LatLngBounds {
  return places.length === 0 ? latLngBounds(INDIA) : latLngBounds(places.map((p) => [p.lat, p.lng]));
}

/** What the view follows: points with an id by id (a driver moving keeps the view), the rest by place. */
const placeKey = (point: GeoPoint & { id?: string | undefined }) => point.id ?? `${point.lat},${point.lng}`;

/** Keeps every place in view when the places change (a new order, the driver moving). */
function FitPlaces({ places, city }: { places: readonly (GeoPoint & { id?: string | undefined })[]; city: GeoPoint | null }) {
  const map = useMap();
  const key = `${places.map(placeKey).join(';')}|${city ? `${city.lat},${city.lng}` : ''}`;
  useEffect(() => {
    const bounds = boundsOf(places);
    if (places.length === 0 && city) map.setView([city.lat, city.lng], CITY_ZOOM);
    else if (places.length === 1) map.setView(bounds.getCenter(), SINGLE_PLACE_ZOOM);
    else map.fitBounds(bounds, { padding: [32, 32], maxZoom: 16 });
    // The key stands for the places: a new array of the same places moves nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [map, key]);
  return null;
}

/** A point chosen outside the map (in a list) is brought into view when it is not. */
function FollowSelected({ point }: { point: MapPoint | undefined }) {
  const map = useMap();
  const lat = point?.lat;
  const lng = point?.lng;
  useEffect(() => {
    if (lat !== undefined && lng !== undefined && !map.getBounds().contains([lat, lng])) map.panTo([lat, lng]);
  }, [map, lat, lng]);
  return null;
}

function PointMarker({ point, onSelect }: { point: MapPoint; onSelect: PlacesMapProps['onSelect'] }) {
  const { kind = 'place', label, tag, selected } = point;
  // One icon per look: a new icon object would redraw the marker (and drop its focus) at every render.
  const icon = useMemo(
    () => (kind === 'pickup' ? pickupIcon({ label, tag, selected }) : kind === 'driver' ? driverIcon({ tag }) : pinIcon(label)),
    [kind, label, tag, selected],
  );
  const selectable = kind === 'pickup' && onSelect !== undefined;
  return (
    <Marker
      position={[point.lat, point.lng]}
      icon={icon}
      title={point.title}
      alt={point.title}
      zIndexOffset={selected ? SELECTED_Z_OFFSET : 0}
      eventHandlers={selectable ? { click: () => onSelect(point) } : {}}
    >
      {/* A pickup chosen by a click is shown by the list beside the map: a pop-up would only hide its neighbours. */}
      {!selectable && <Popup>{point.title}</Popup>}
    </Marker>
  );
}

export function PlacesMap({ points, origin, height = DEFAULT_MAP_HEIGHT, onSelect, city }: PlacesMapProps) {
  const { t } = useTranslation(MAP_NS);
  const places = useMemo(() => [...points, ...(origin ? [origin] : [])], [points, origin]);
  const centre = cityCentre(city);
  const first = boundsOf(places);
  const view =
    places.length === 0 && centre
      ? { center: [centre.lat, centre.lng] as [number, number], zoom: CITY_ZOOM }
      : places.length === 1
        ? { center: first.getCenter(), zoom: SINGLE_PLACE_ZOOM }
        : { bounds: first };
  return (
    <MapFrame view={view} height={height} label={t('label')}>
      <FitPlaces places={places} city={centre} />
      <FollowSelected point={points.find((point) => point.selected)} />
      {points.map((point, index) => (
        <PointMarker key={point.id ?? `${index}:${point.lat},${point.lng}`} point={point} onSelect={onSelect} />
      ))}
      {origin && <Marker position={[origin.lat, origin.lng]} icon={originIcon()} title={t('origin')} keyboard={false} zIndexOffset={-100} />}
    </MapFrame>
  );
}
