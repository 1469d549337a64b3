import type { GeoPoint } from '@app/shared/geo';

// Where an empty location picker starts: the store's city when it is one of the cities the
// product ships (apps/api/src/seed/reference-data.ts), else all of India. Cities carry no
// coordinates in the database; a centre only saves the person some zooming (decision 071).

const CENTRES: Record<string, readonly [number, number]> = {
  mumbai: [19.076, 72.8777],
  pune: [18.5204, 73.8567],
  nagpur: [21.1458, 79.0882],
  nashik: [19.9975, 73.7898],
  thane: [19.2183, 72.9781],
  aurangabad: [19.8762, 75.3433],
  'new delhi': [28.6139, 77.209],
  dwarka: [28.5921, 77.046],
  rohini: [28.7495, 77.0565],
  bengaluru: [12.9716, 77.5946],
  mysuru: [12.2958, 76.6394],
  mangaluru: [12.9141, 74.856],
  hubballi: [15.3647, 75.124],
  chennai: [13.0827, 80.2707],
  coimbatore: [11.0168, 76.9558],
  madurai: [9.9252, 78.1198],
  tiruchirappalli: [10.7905, 78.7047],
  hyderabad: [17.385, 78.4867],
  warangal: [17.9689, 79.5941],
  ahmedabad: [23.0225, 72.5714],
  surat: [21.1702, 72.8311],
  vadodara: [22.3072, 73.1812],
  rajkot: [22.3039, 70.8022],
  kolkata: [22.5726, 88.3639],
  howrah: [22.5958, 88.2636],
  durgapur: [23.5204, 87.3119],
  lucknow: [26.8467, 80.9462],
  kanpur: [26.4499, 80.3319],
  noida: [28.5355, 77.391],
  ghaziabad: [28.6692, 77.4538],
  agra: [27.1767, 78.0081],
  varanasi: [25.3176, 82.9739],
  jaipur: [26.9124, 75.7873],
  jodhpur: [26.2389, 73.0243],
  udaipur: [24.5854, 73.7125],
  kota: [25.2138, 75.8648],
  kochi: [9.9312, 76.2673],
  thiruvananthapuram: [8.5241, 76.9366],
  kozhikode: [11.2588, 75.7804],
  indore: [22.7196, 75.8577],
  bhopal: [23.2599, 77.4126],
  gwalior: [26.2183, 78.1828],
  jabalpur: [23.1815, 79.9864],
  ludhiana: [30.901, 75.8573],
  amritsar: [31.634, 74.8723],
  jalandhar: [31.326, 75.5762],
  gurugram: [28.4595, 77.0266],
  faridabad: [28.4089, 77.3178],
  patna: [25.5941, 85.1376],
  gaya: [24.7914, 85.0002],
  bhubaneswar: [20.2961, 85.8245],
  cuttack: [20.4625, 85.883],
  visakhapatnam: [17.6868, 83.2185],
  vijayawada: [16.5062, 80.648],
};

/** The centre of a known city (any case and spacing), else null. */
export function cityCentre(name: string | undefined): GeoPoint | null {
  const centre = name ? CENTRES[name.trim().toLowerCase().replace(/\s+/g, ' ')] : undefined;
  return centre ? { lat: centre[0], lng: centre[1] } : null;
}
