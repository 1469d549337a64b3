import fc from 'fast-check';

// The values the fuzz test (fuzz.test.ts) sends: hostile ones at the edges of what the
// database and the parsers take, and right ones by field name, so that a request with one
// hostile value gets past everything else into the handler and the database.

/** JSON numbers at the edges of PostgreSQL integer and bigint and of exact JS numbers, and ones that are not whole. */
export const HOSTILE_NUMBERS: readonly unknown[] = [0, -1, 2 ** 31 - 1, 2 ** 31, 2 ** 53, 2 ** 63, 1e20, 1e308, 1.5, -0.5, '1', null, 'x'];

/** JSON text the database cannot hold (NUL, lone surrogates), too long, or text where a number or date belongs. */
export const HOSTILE_TEXTS: readonly unknown[] = [
  '', ' ', '\u0000', '\uD800', 'a\uDC00b', 'x'.repeat(10_001), '-1', '99999999999999999999', '2024-02-30', '0000-01-01T00:00:00Z', 7, null, [],
];

/** Where an object or a list belongs. */
export const HOSTILE_SHAPES: readonly unknown[] = [null, 'x', 1, [], {}, [[[[[[]]]]]]];

/** Path and query values: all text, so numbers at the edges are written out. */
export const HOSTILE_PARAMS: readonly string[] = [
  '', '0', '-1', '1.5', '1e3', '0x10', '2147483647', '2147483648', '9007199254740993', '99999999999999999999', '1e309', 'NaN',
  '\u0000', '\uD800', 'x'.repeat(5000), '2024-02-30', '0000-01-01', '0000-01-01T00:00:00Z', '9999-12-31T23:59:59-12:00', 'true', 'a,b',
];

/** Keyset cursors as the server writes them (base64url JSON of sort, key, id) with keys and ids it must refuse. */
export const keysetCursor = (sort: string, key: unknown, id: unknown) => Buffer.from(JSON.stringify([sort, key, id])).toString('base64url');

export const HOSTILE_CURSORS: readonly string[] = [
  '-1', '0', '2147483648', '9007199254740993', '99999999999999999999', 'a', 'W10', 'e30', '!!', 'x'.repeat(601),
  keysetCursor('-created_at', '2024-02-30 00:00:00+00', 1),
  keysetCursor('-created_at', 'not a time', 1),
  keysetCursor('-created_at', '99999-01-01 00:00:00+00', 1),
  keysetCursor('-created_at', '2024-05-01 10:00:00.123456+00', 2 ** 53),
  keysetCursor('-created_at', '2024-05-01 10:00:00+00', -1),
  keysetCursor('-created_at', '\u0000', 1),
];

/** Sort keys of every type with keys of the wrong type, for lists that take `ordering` and `cursor` together. */
export const HOSTILE_SORT_KEYS: readonly unknown[] = ['abc', '99999999999999999999', '1e5', '', 12, null];

/** The right value of a field, by its name, where its schema alone does not tell (a pattern, a refinement). */
export const NAMED: Record<string, readonly unknown[]> = {
  login_id: ['fuzz@test.kabadi.in', 'A@X.IN'],
  email: ['office@kabadi.in', ''],
  password: ['fuzz-pass-1', 'another-pass-2'],
  current_password: ['wrong-pass-1'],
  phone: ['+91 98200 00001', '098200-00001'],
  gstin: ['27AAPFU0939F1ZV', '29AAGCB7383J1Z4', ''],
  hsn_code: ['7204', '720410'],
  code: ['123456'],
  invoice_prefix: ['INV', 'KB-1'],
  pickup_window_start: ['00:00', '09:30'],
  pickup_window_end: ['23:59', '18:00'],
  status: ['pending', 'accepted,moving', 'completed', 'open', 'resolved', 'requested', 'paid'],
  ordering: ['-created_at', 'created_at', '-updated_at', 'total_weight', '-vendor_amount', 'status', '-store', 'name', '-company_name', 'login_id', 'vehicle_number'],
  from: ['2024-04-01', '1900-01-01'],
  to: ['2025-03-31', '9999-12-31'],
  since: ['2024-05-01', '2024-05-01T00:00:00+05:30'],
  created_at__gt: ['2024-05-01', '2024-05-01T00:00:00Z'],
  created_at__lt: ['2030-01-01', '2024-05-01T00:00:00.5-01:00'],
  at: ['2024-05-01T00:00:00Z', '2024-05-01T00:00:00+05:30'],
  endpoint: ['https://push.example.com/send/abc'],
  p256dh: [`BA${'A'.repeat(85)}`],
  auth: ['AAAAAAAAAAAAAAAAAAAAAA'],
  query: ['status=pending&ordering=-created_at', 'search=x'],
  weight: [10.5, '3.25', 0.001, 100_000],
  amount: [1, 0.01, '12.50'],
  percent: [5, -99.99, 1000],
  vehicle_number: ['MH12 AB 1234'],
  reference: ['UTR 1234'],
  key: ['order', 'information', 'privacy', 'terms', 'colour'],
  // Places and times of design.md section 18: valid ones reach the queries, not just the 400s.
  pickup_date: ['2026-12-06', '1900-01-01', '9999-12-31'],
  near: ['18.5204,73.8567', '-90,180', '0,0'],
  location: [{ lat: 18.5204, lng: 73.8567 }, { lat: 6, lng: 98 }, null],
  position: [{ lat: 18.52, lng: 73.85, accuracy_m: 12 }, { lat: -90, lng: 180 }],
  occurred_at: ['2024-05-01T00:00:00Z', '2026-12-06T09:30:00+05:30', '9999-12-31T23:59:59Z'],
  pickup_slot: [{ date: '2026-12-07', from: '09:00', to: '12:00' }, null],
  pickup_slots: [[{ from: '09:00', to: '12:00' }], []],
  slot_days_ahead: [0, 14],
  arrival_radius_m: [10, 100_000],
};

// ---- Arbitraries of the random part --------------------------------------------------------

export const nastyText = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...HOSTILE_PARAMS, 'a\u0000b', '😀', '\uD83D\uDE00x\uDE00', 'é'.repeat(300), ' 7 ', "'; drop table orders; --", '%', '%00', '\\', '\r\n', '\u202E', 'İ', 'ß') },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);

/** Any JSON at all, shallow. */
export const nastyJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyText,
    fc.constantFrom(...HOSTILE_NUMBERS, ...HOSTILE_TEXTS),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.constantFrom(null, true, false),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(nastyText, fc.constantFrom('id', 'name', '__proto__', 'constructor')), tie('value'), { maxKeys: 3 }),
  ),
})).value;

export const cursorValue = fc.oneof(
  fc.constantFrom(...HOSTILE_CURSORS),
  fc.tuple(fc.constantFrom(...(NAMED.ordering as string[])), fc.oneof(fc.constantFrom(...HOSTILE_SORT_KEYS), nastyText), fc.oneof(fc.constantFrom(1, 0, -1, 2 ** 31, 2 ** 53, 1.5, '7', null), fc.integer())).map(([sort, key, id]) => keysetCursor(sort, key, id)),
  fc.base64String({ maxLength: 40 }).map((s) => s.replaceAll('+', '-').replaceAll('/', '_').replaceAll('=', '')),
);
