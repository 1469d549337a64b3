// GST facts shared by the API (invoices) and the web app (forms): the state codes that
// open every GSTIN, and the GSTIN's check character.

/** GST state codes (the first two digits of a GSTIN), with the vehicle-style code the states table uses. */
export const GST_STATES: ReadonlyArray<{ gst: string; code: string; name: string }> = [
  { gst: '01', code: 'JK', name: 'Jammu and Kashmir' },
  { gst: '02', code: 'HP', name: 'Himachal Pradesh' },
  { gst: '03', code: 'PB', name: 'Punjab' },
  { gst: '04', code: 'CH', name: 'Chandigarh' },
  { gst: '05', code: 'UK', name: 'Uttarakhand' },
  { gst: '06', code: 'HR', name: 'Haryana' },
  { gst: '07', code: 'DL', name: 'Delhi' },
  { gst: '08', code: 'RJ', name: 'Rajasthan' },
  { gst: '09', code: 'UP', name: 'Uttar Pradesh' },
  { gst: '10', code: 'BR', name: 'Bihar' },
  { gst: '11', code: 'SK', name: 'Sikkim' },
  { gst: '12', code: 'AR', name: 'Arunachal Pradesh' },
  { gst: '13', code: 'NL', name: 'Nagaland' },
  { gst: '14', code: 'MN', name: 'Manipur' },
  { gst: '15', code: 'MZ', name: 'Mizoram' },
  { gst: '16', code: 'TR', name: 'Tripura' },
  { gst: '17', code: 'ML', name: 'Meghalaya' },
  { gst: '18', code: 'AS', name: 'Assam' },
  { gst: '19', code: 'WB', name: 'West Bengal' },
  { gst: '20', code: 'JH', name: 'Jharkhand' },
  { gst: '21', code: 'OD', name: 'Odisha' },
  { gst: '22', code: 'CG', name: 'Chhattisgarh' },
  { gst: '23', code: 'MP', name: 'Madhya Pradesh' },
  { gst: '24', code: 'GJ', name: 'Gujarat' },
  { gst: '26', code: 'DN', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { gst: '27', code: 'MH', name: 'Maharashtra' },
  { gst: '29', code: 'KA', name: 'Karnataka' },
  { gst: '30', code: 'GA', name: 'Goa' },
  { gst: '31', code: 'LD', name: 'Lakshadweep' },
  { gst: '32', code: 'KL', name: 'Kerala' },
  { gst: '33', code: 'TN', name: 'Tamil Nadu' },
  { gst: '34', code: 'PY', name: 'Puducherry' },
  { gst: '35', code: 'AN', name: 'Andaman and Nicobar Islands' },
  { gst: '36', code: 'TS', name: 'Telangana' },
  { gst: '37', code: 'AP', name: 'Andhra Pradesh' },
  { gst: '38', code: 'LA', name: 'Ladakh' },
  { gst: '97', code: 'OT', name: 'Other Territory' },
];

const BY_GST = new Map(GST_STATES.map((s) => [s.gst, s]));
const BY_NAME = new Map(GST_STATES.map((s) => [s.name.toLowerCase(), s]));
const BY_CODE = new Map(GST_STATES.map((s) => [s.code, s]));

export const gstStateOfCode = (gstCode: string) => BY_GST.get(gstCode) ?? null;
/** A state of the states table (by its name, else its short code) as a GST state. */
export const gstStateOf = (state: { name: string; code?: string | null }) =>
  BY_NAME.get(state.name.trim().toLowerCase()) ?? (state.code ? (BY_CODE.get(state.code.toUpperCase()) ?? null) : null);

/** 2-digit state code, PAN (10), entity number, "Z" by default, check character. */
export const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z][A-Z][0-9A-Z]$/;
const CHARSET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The GSTIN check character: a Luhn mod 36 over the first 14 characters. */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const value = CHARSET.indexOf(first14[i] ?? '');
    const product = value * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return CHARSET[(36 - (sum % 36)) % 36]!;
}

export type GstinCheck = { ok: true } | { ok: false; message: string };

export function checkGstin(gstin: string): GstinCheck {
  if (!GSTIN_FORMAT.test(gstin)) return { ok: false, message: 'Enter a 15-character GSTIN such as 27AAPFU0939F1ZV' };
  if (!BY_GST.has(gstin.slice(0, 2))) return { ok: false, message: `${gstin.slice(0, 2)} is not a GST state code` };
  if (gstinCheckCharacter(gstin.slice(0, 14)) !== gstin[14]) return { ok: false, message: 'This GSTIN\'s check character is wrong: check for a typing mistake' };
  return { ok: true };
}
