import 'leaflet/dist/leaflet.css';
import { useEffect, useState, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { LatLngBoundsExpression, LatLngExpression } from 'leaflet';
import { useTranslation } from 'react-i18next';
import { MapContainer, TileLayer, useMap, ZoomControl } from 'react-leaflet';
import { mapTiles } from '@/config/runtime-config';
import { attributionHtml } from './leaflet-html';
import { MAP_NS } from './map-texts';

// The frame every map of the kit draws in (only reached through lazy-map.tsx): the tiles of
// MAP_TILE_URL with their credit, and a plain sentence over the map when no tile arrives
// (offline, or the tile server down), so the page around it keeps working.

/** The first view: a place and zoom, or an area to fit. */
export type MapView = { center: LatLngExpression; zoom: number } | { bounds: LatLngBoundsExpression };

export interface MapFrameProps {
  view: MapView;
  height: number;
  /** What a screen reader hears for the map. */
  label: string;
  children?: ReactNode;
}

/** A frame resized after it was drawn (a page's layout changing at a breakpoint) gets tiles for its new size. */
function FollowSize() {
  const map = useMap();
  useEffect(() => {
    if (typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

export function MapFrame({ view, height, label, children }: MapFrameProps) {
  const { t } = useTranslation(MAP_NS);
  const tiles = mapTiles();
  // 'failed' once a tile fails before any arrived; any tile arriving later clears it.
  const [tileState, setTileState] = useState<'waiting' | 'shown' | 'failed'>('waiting');
  const viewProps = 'bounds' in view ? { bounds: view.bounds, boundsOptions: { padding: [32, 32] as [number, number], maxZoom: 16 } } : view;
  return (
    <Box
      role="region"
      aria-label={label}
      sx={{ position: 'relative', height, borderRadius: 1, overflow: 'hidden', border: 1, borderColor: 'divider', '& .leaflet-container': { height: '100%', font: 'inherit' } }}
    >
      <MapContainer {...viewProps} scrollWheelZoom={false} zoomControl={false}>
        {/* Leaflet's own control, with its button titles in the reader's language. */}
        <ZoomControl zoomInTitle={t('zoomIn')} zoomOutTitle={t('zoomOut')} />
        <FollowSize />
        <TileLayer
          url={tiles.tileUrl}
          attribution={attributionHtml(tiles.attribution)}
          // 19 is the deepest zoom OpenStreetMap's standard tiles have.
          maxZoom={19}
          eventHandlers={{
            tileload: () => setTileState('shown'),
            tileerror: () => setTileState((state) => (state === 'shown' ? state : 'failed')),
          }}
        />
        {children}
      </MapContainer>
      {tileState === 'failed' && (
        <Alert severity="warning" role="status" sx={{ position: 'absolute', top: 8, left: 8, right: 8, zIndex: 1000 }}>
          {t('tilesFailed')}
        </Alert>
      )}
    </Box>
  );
}
