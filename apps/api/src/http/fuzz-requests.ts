import fc from 'fast-check';
import { PNG_BYTES } from '../features/orders/orders-test-kit';
import { isUpload, multipart, slotsOf, withValue, type JsonSchema, type Operation, type RequestParts, type Slot } from './fuzz-operations';
import { cursorValue, HOSTILE_CURSORS, HOSTILE_NUMBERS, HOSTILE_PARAMS, HOSTILE_SHAPES, HOSTILE_SORT_KEYS, HOSTILE_TEXTS, keysetCursor, NAMED, nastyJson, nastyText } from './fuzz-values';

// The requests of the fuzz test (fuzz.test.ts), each a right request (fuzz-operations.ts baseOf)
// changed where it matters: a sweep that puts every hostile value into every slot once, and
// random requests that change a few slots at a time with hostile, right or random values.

/** Query parameters no route knows: typos, and names every JS object has. */
const UNKNOWN_PARAMETERS = ['vendorid', 'x', 'constructor', '__proto__', 'toString'];

/** Photo uploads: without a boundary, cut short, or otherwise broken. */
const right = multipart(PNG_BYTES);
const UPLOAD_BODIES: RequestParts['body'][] = [
  { contentType: 'multipart/form-data', raw: right.raw },
  { contentType: 'multipart/form-data; charset=utf-8', raw: Buffer.alloc(0) },
  { contentType: 'multipart/form-data; boundary=', raw: Buffer.from('--\r\n') },
  { contentType: 'multipart/form-data; boundary="unclosed', raw: Buffer.from('x') },
  { contentType: right.contentType, raw: Buffer.alloc(0) },
  { contentType: right.contentType, raw: right.raw.subarray(0, right.raw.length - 20) },
  { contentType: right.contentType, raw: Buffer.from('--fuzzboundary\r\nno headers, no end') },
  multipart(Buffer.from('text, not a file'), 'Content-Disposition: form-data; name="note"'),
  multipart(PNG_BYTES, 'Content-Disposition: form-data; name="file"; filename="\u0000.png"'),
  multipart(PNG_BYTES, 'Content-Disposition: form-data; name="__proto__"; filename="a.png"'),
  { contentType: `multipart/form-data; boundary=${'b'.repeat(100)}`, raw: Buffer.from('garbage') },
  { contentType: 'application/json', raw: '{}' },
];

/** Bodies that are not the JSON object a route wants: broken JSON, nothing, another type, nested too deep. */
const RAW_BODIES: RequestParts['body'][] = [
  { contentType: 'application/json', raw: '' },
  { contentType: 'application/json', raw: '{' },
  { contentType: 'application/json', raw: '{"a":1}}' },
  { contentType: 'application/json', raw: '"\\ud800"' },
  { contentType: 'application/json', raw: '{"__proto__":{"x":1},"constructor":{"prototype":{"x":1}}}' },
  { contentType: 'application/json', raw: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { contentType: 'application/json', raw: `${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}` },
  { contentType: 'application/json; charset=latin1', raw: '{}' },
  { contentType: 'text/plain', raw: 'hello' },
  { contentType: 'text/csv', raw: 'state,city,material,vendor_rate,driver_rate,b2c_rate\r\nX,Y,Z,1e400,-1,\u0000\r\n"unclosed' },
  { contentType: 'application/x-www-form-urlencoded', raw: 'a=1' },
];

const typeOf = (schema: JsonSchema) => (schema.oneOf ?? schema.anyOf)?.[0]?.type ?? schema.type;

/** The hostile values of a slot, by where it is and what it holds. */
function hostileValuesOf(slot: Slot): readonly unknown[] {
  if (slot.in !== 'body') return slot.name === 'cursor' ? [...HOSTILE_PARAMS, ...HOSTILE_CURSORS] : HOSTILE_PARAMS;
  const type = typeOf(slot.schema);
  if (type === 'integer' || type === 'number') return HOSTILE_NUMBERS;
  return type === 'string' ? HOSTILE_TEXTS : HOSTILE_SHAPES;
}

/** The base request with each hostile value in each slot, each unknown parameter, each broken body, once. */
export function sweepOf(op: Operation, base: RequestParts): RequestParts[] {
  const requests = slotsOf(op).flatMap((slot) => hostileValuesOf(slot).map((value) => withValue(base, slot, value)));
  for (const name of UNKNOWN_PARAMETERS) requests.push({ ...base, query: [...base.query, [name, '1']] });
  const names = new Set(op.parameters.map((p) => p.name));
  // A keyset cursor holds its sort key as text, cast to the sort's type: every sort, every wrong key.
  if (names.has('ordering') && names.has('cursor')) {
    for (const ordering of NAMED.ordering as string[]) {
      for (const key of HOSTILE_SORT_KEYS) requests.push({ ...base, query: [...base.query, ['ordering', ordering], ['cursor', keysetCursor(ordering, key, 1)]] });
    }
  }
  for (const body of isUpload(op) ? UPLOAD_BODIES : op.body ? RAW_BODIES : []) requests.push({ ...base, body });
  return requests;
}

/** A value of a slot that could be right: its enum, its name's values, ids that exist, or any of its type. */
function rightValueOf(slot: Slot, ids: readonly number[]): fc.Arbitrary<unknown> {
  const name = slot.in === 'body' ? String(slot.at.at(-1) ?? 'body') : slot.name;
  const options = [...(slot.schema.enum ?? []), ...(NAMED[name] ?? [])];
  const type = typeOf(slot.schema);
  const typed: fc.Arbitrary<unknown> =
    type === 'integer' ? fc.oneof(fc.constantFrom(...ids), fc.integer({ min: -5, max: 1_000_000 }))
      : type === 'number' ? fc.double({ min: -1, max: 1_000_000, noNaN: true })
        : type === 'string' ? (name === 'cursor' ? cursorValue : fc.string({ maxLength: 30 }))
          : type === 'boolean' ? fc.boolean()
            : nastyJson;
  return options.length > 0 ? fc.oneof(fc.constantFrom(...options), typed) : typed;
}

function valueFor(slot: Slot, ids: readonly number[]): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 2, arbitrary: fc.constantFrom(...hostileValuesOf(slot)) },
    { weight: 2, arbitrary: rightValueOf(slot, ids) },
    { weight: 1, arbitrary: slot.in === 'body' ? nastyJson : nastyText },
  );
}

/** The base request with one to four slots changed, now and then an unknown parameter, a broken body or an Idempotency-Key. */
export function randomOf(op: Operation, base: RequestParts, ids: readonly number[]): fc.Arbitrary<RequestParts> {
  const slots = slotsOf(op);
  const changes = slots.length > 0
    ? fc.array(fc.constantFrom(...slots).chain((slot) => valueFor(slot, ids).map((value) => [slot, value] as const)), { minLength: 1, maxLength: 4 })
    : fc.constant([]);
  const unknown = fc.option(fc.tuple(fc.constantFrom(...UNKNOWN_PARAMETERS, 'limt', 'Status', 'a[b]', 'cursor '), nastyText), { freq: 5 });
  const body = fc.option(fc.constantFrom(...(isUpload(op) ? UPLOAD_BODIES : RAW_BODIES)), { freq: isUpload(op) ? 2 : 8 });
  const takesKey = op.parameters.some((p) => p.in === 'header' && p.name === 'idempotency-key');
  const key = takesKey ? fc.option(fc.oneof(fc.constantFrom('', ' ', 'k'.repeat(256), 'key-1'), fc.string({ unit: 'grapheme-ascii', maxLength: 20 })), { freq: 3 }) : fc.constant(null);
  return fc.tuple(changes, unknown, body, key).map(([changed, extra, rawBody, idempotencyKey]) => {
    let parts = changed.reduce<RequestParts>((p, [slot, value]) => withValue(p, slot, value), base);
    if (extra) parts = { ...parts, query: [...parts.query, extra] };
    if (rawBody) parts = { ...parts, body: rawBody };
    if (idempotencyKey !== null) parts = { ...parts, headers: { ...parts.headers, 'idempotency-key': idempotencyKey } };
    return parts;
  });
}
