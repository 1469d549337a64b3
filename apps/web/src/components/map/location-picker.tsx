import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MyLocationIcon from '@mui/icons-material/MyLocation';
import LocationOffOutlinedIcon from '@mui/icons-material/LocationOffOutlined';
import type { LatLng, Marker as LeafletMarker } from 'leaflet';
import { useTranslation } from 'react-i18next';
import { Marker, useMap, useMapEvents } from 'react-leaflet';
import { INDIA_BOUNDS, isInIndia, roundDegrees, type GeoPoint } from '@app/shared/geo';
import { cityCentre } from './city-centres';
import { formatDegrees } from './coordinates';
import { currentPosition } from './current-position';
import { DEFAULT_MAP_HEIGHT, type LocationPickerProps } from './map-types';
import { MapFrame, type MapView } from './map-frame';
import { MAP_NS } from './map-texts';
import { pinIcon } from './markers';

// A place's pin (only reached through lazy-map.tsx): tap to place, drag to move, "Use where
// I am", "Remove pin" (design.md section 18).

/** A pin is shown close enough to see the building; a city to see its streets. */
const PIN_ZOOM = 17;
const CITY_ZOOM = 12;
const INDIA_VIEW: MapView = {
  bounds: [
    [INDIA_BOUNDS.lat.min, INDIA_BOUNDS.lng.min],
    [INDIA_BOUNDS.lat.max, INDIA_BOUNDS.lng.max],
  ],
};

const pointOf = (latLng: LatLng): GeoPoint => ({ lat: roundDegrees(latLng.lat), lng: roundDegrees(latLng.lng) });

/** A tap or click on the map places the pin there. */
function TapToPlace({ onPlace }: { onPlace: (point: GeoPoint) => void }) {
  useMapEvents({ click: (event) => onPlace(pointOf(event.latlng)) });
  return null;
}

/** A pin set from elsewhere (the phone's position, a saved one) is brought into view. */
function FollowPin({ value }: { value: GeoPoint | null }) {
  const map = useMap();
  useEffect(() => {
    if (value && !map.getBounds().contains([value.lat, value.lng])) map.setView([value.lat, value.lng], Math.max(map.getZoom(), PIN_ZOOM));
  }, [map, value]);
  return null;
}

export function LocationPicker({ value, onChange, city, disabled = false, height = DEFAULT_MAP_HEIGHT, error, hint }: LocationPickerProps) {
  const { t } = useTranslation(MAP_NS);
  const [locating, setLocating] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [view] = useState<MapView>(() => {
    const start = value ?? cityCentre(city);
    return start ? { center: [start.lat, start.lng], zoom: value ? PIN_ZOOM : CITY_ZOOM } : INDIA_VIEW;
  });

  const place = (point: GeoPoint) => {
    if (disabled) return;
    if (!isInIndia(point)) {
      setProblem(t('picker.outsideIndia'));
      return;
    }
    setProblem(null);
    onChange(point);
  };

  const locateMe = async () => {
    setLocating(true);
    setProblem(null);
    const answer = await currentPosition();
    setLocating(false);
    if ('problem' in answer) setProblem(t(`picker.problems.${answer.problem}`));
    else if (!isInIndia(answer.point)) setProblem(t('picker.positionOutsideIndia'));
    else onChange(answer.point);
  };

  return (
    <Stack spacing={1.5}>
      <MapFrame view={view} height={height} label={t('picker.label')}>
        <TapToPlace onPlace={place} />
        <FollowPin value={value} />
        {value && (
          <Marker
            position={[value.lat, value.lng]}
            icon={pinIcon()}
            title={t('picker.pin')}
            alt={t('picker.pin')}
            draggable={!disabled}
            eventHandlers={{ dragend: (event) => place(pointOf((event.target as LeafletMarker).getLatLng())) }}
          />
        )}
      </MapFrame>
      <Typography variant="body2" color="text.secondary">
        {hint ?? t('picker.hint')}
      </Typography>
      <Typography aria-live="polite" data-testid="location-coordinates">
        {value ? (
          <>
            {t('picker.latitude')} <strong>{formatDegrees(value.lat)}</strong>, {t('picker.longitude')} <strong>{formatDegrees(value.lng)}</strong>
          </>
        ) : (
          t('picker.noPin')
        )}
      </Typography>
      {error && <FormHelperText error>{error}</FormHelperText>}
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
        <Button
          variant="outlined"
          startIcon={locating ? <CircularProgress size={18} color="inherit" /> : <MyLocationIcon />}
          onClick={() => void locateMe()}
          disabled={disabled || locating}
        >
          {locating ? t('picker.locating') : t('picker.useMyPosition')}
        </Button>
        {value && (
          <Button color="inherit" startIcon={<LocationOffOutlinedIcon />} onClick={() => onChange(null)} disabled={disabled}>
            {t('picker.remove')}
          </Button>
        )}
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {t('picker.reason')}
      </Typography>
      {problem && (
        <Alert severity="warning" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
