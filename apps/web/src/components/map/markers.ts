import { divIcon, type DivIcon } from 'leaflet';
import { escapeHtml } from './leaflet-html';
import './map.css';

// The kit's markers: HTML drawn by CSS (map.css), so no marker image is fetched from anywhere.
// Kinds differ by shape and by the text beside them, never by colour alone. What is drawn is
// hidden from screen readers: a marker is named by its title (the Marker's `title`), which
// says more than the number or name drawn.

/** The rotated square's corner: bottom centre of a 32 px box turned 45 degrees. */
const PIN = { iconSize: [32, 32] as [number, number], iconAnchor: [16, 38] as [number, number], popupAnchor: [0, -36] as [number, number] };

const pinHtml = (label: string | undefined, modifier = '') =>
  `<div class="kabadi-marker__pin${modifier}" aria-hidden="true"><span class="kabadi-marker__label">${label ? escapeHtml(label) : ''}</span></div>`;

/** A name written beside a marker, so the map reads without hovering. */
const tagHtml = (tag: string | undefined) => (tag ? `<span class="kabadi-marker__tag" aria-hidden="true">${escapeHtml(tag)}</span>` : '');

/** A pin with its label (a stop's number) inside; the tip points at the place. */
export function pinIcon(label?: string): DivIcon {
  return divIcon({ className: 'kabadi-marker', html: pinHtml(label), ...PIN });
}

/** A pickup waiting for a driver: a pin (its number inside) with the store's name beside it; the chosen one larger and ringed. */
export function pickupIcon({ label, tag, selected = false }: { label?: string | undefined; tag?: string | undefined; selected?: boolean | undefined }): DivIcon {
  return divIcon({
    className: `kabadi-marker kabadi-marker--pickup${selected ? ' kabadi-marker--selected' : ''}`,
    html: pinHtml(label, ' kabadi-marker__pin--pickup') + tagHtml(tag),
    ...PIN,
  });
}

/** MUI's LocalShipping icon: a lorry, unlike any pin. */
const LORRY_PATH =
  'M20 8h-3V4H3c-1.1 0-2 .9-2 2v11h2c0 1.66 1.34 3 3 3s3-1.34 3-3h6c0 1.66 1.34 3 3 3s3-1.34 3-3h2v-5zM6 18.5c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5m13.5-9 1.96 2.5H17V9.5zm-1.5 9c-.83 0-1.5-.67-1.5-1.5s.67-1.5 1.5-1.5 1.5.67 1.5 1.5-.67 1.5-1.5 1.5';

/** A driver's last position: a square badge with a lorry, centred on the place, its name beside it. */
export function driverIcon({ tag }: { tag?: string | undefined }): DivIcon {
  return divIcon({
    className: 'kabadi-marker kabadi-marker--driver',
    html: `<div class="kabadi-marker__driver" aria-hidden="true"><svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false"><path fill="currentColor" d="${LORRY_PATH}"/></svg></div>${tagHtml(tag)}`,
    iconSize: [28, 28],
    iconAnchor: [14, 14],
    popupAnchor: [0, -14],
  });
}

/** Where the viewer is: a dot, unlike any stop. */
export const originIcon = (): DivIcon =>
  divIcon({ className: 'kabadi-marker', html: '<div class="kabadi-marker__origin"></div>', iconSize: [20, 20], iconAnchor: [10, 10] });
