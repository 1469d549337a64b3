import { divIcon, type DivIcon } from 'leaflet';
import { escapeHtml } from './leaflet-html';
import './map.css';

// The kit's markers: HTML drawn by CSS (map.css), so no marker image is fetched from anywhere.

/** A pin with its label (a stop's number) inside; the tip points at the place. */
export function pinIcon(label?: string): DivIcon {
  return divIcon({
    className: 'kabadi-marker',
    html: `<div class="kabadi-marker__pin"><span class="kabadi-marker__label">${label ? escapeHtml(label) : ''}</span></div>`,
    iconSize: [32, 32],
    // The rotated square's corner: bottom centre of a 32 px box turned 45 degrees.
    iconAnchor: [16, 38],
    popupAnchor: [0, -36],
  });
}

/** Where the viewer is: a dot, unlike any stop. */
export const originIcon = (): DivIcon =>
  divIcon({ className: 'kabadi-marker', html: '<div class="kabadi-marker__origin"></div>', iconSize: [20, 20], iconAnchor: [10, 10] });
