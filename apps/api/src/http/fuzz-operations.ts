import { PNG_BYTES } from '../features/orders/orders-test-kit';
import { NAMED } from './fuzz-values';

// The operations of the app's OpenAPI document as the fuzz test (fuzz.test.ts) sends them: a
// right request to each (its base), the places a hostile value can go (its slots), and the
// writing of a request into what app.inject() takes.

/** The part of an OpenAPI 3.0 schema the fuzz test reads. */
export interface JsonSchema {
  type?: string;
  nullable?: boolean;
  enum?: unknown[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  oneOf?: JsonSchema[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
}

interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** As the document writes it: `/orders/{id}`. */
  path: string;
  parameters: Parameter[];
  body: { contentType: string; schema: JsonSchema } | null;
}

/** A request before it is written: parameter values are any JSON (written as text), the body JSON or raw bytes. */
export interface RequestParts {
  path: Record<string, unknown>;
  query: Array<[string, unknown]>;
  body: { json: unknown } | { contentType: string; raw: string | Buffer } | null;
  headers: Record<string, string>;
}

/** What app.inject() takes (less the method and the role's token). */
export interface FuzzRequest {
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** A place of a request where a hostile value can go. */
export type Slot = { in: 'path' | 'query'; name: string; schema: JsonSchema } | { in: 'body'; at: Array<string | number>; schema: JsonSchema };

/** The id a right request names, by the route and the parameter's name: rows that exist, where it matters. */
export type IdFor = (path: string, name: string) => number;

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type RawOperation = { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: JsonSchema }> } };

/** Every operation of the document, in its order. */
export function operationsOf(document: unknown): Operation[] {
  const paths = (document as { paths?: Record<string, Partial<Record<(typeof METHODS)[number], RawOperation>>> }).paths ?? {};
  return Object.entries(paths).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = item[method];
      if (!op) return [];
      const [contentType, content] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      return [{ method: method.toUpperCase() as Operation['method'], path, parameters: op.parameters ?? [], body: contentType ? { contentType, schema: content?.schema ?? {} } : null }];
    }),
  );
}

export const isUpload = (op: Operation) => op.method === 'POST' && op.path.endsWith('/images');

/** A multipart body of one file, as the web app sends a photo. */
export function multipart(bytes: Buffer, head = 'Content-Disposition: form-data; name="file"; filename="load.png"\r\nContent-Type: image/png', boundary = 'fuzzboundary') {
  return { contentType: `multipart/form-data; boundary=${boundary}`, raw: Buffer.concat([Buffer.from(`--${boundary}\r\n${head}\r\n\r\n`), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]) };
}

/** The right value of a schema: by the field's name where that tells more, else the simplest the schema allows. */
export function baseValue(schema: JsonSchema, name: string, path: string, idFor: IdFor): unknown {
  if (schema.enum && schema.enum.length > 0) return schema.enum[0];
  const named = NAMED[name];
  if (named) return named[0];
  const branch = (schema.oneOf ?? schema.anyOf)?.[0];
  if (branch) return baseValue(branch, name, path, idFor);
  const within = (n: number) => Math.min(Math.max(n, schema.minimum ?? n), schema.maximum ?? n);
  switch (schema.type) {
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((key) => [key, baseValue(schema.properties?.[key] ?? {}, key, path, idFor)]));
    case 'array':
      return (schema.minItems ?? 0) > 0 ? [baseValue(schema.items ?? {}, name, path, idFor)] : [];
    case 'integer':
      return within(/(^|_)ids?$/.test(name) ? idFor(path, name) : 1);
    case 'number':
      return within(1);
    case 'boolean':
      return true;
    case 'string':
      return 'Fuzz 1'.padEnd(schema.minLength ?? 0, 'x').slice(0, schema.maxLength);
    default:
      return undefined;
  }
}

/** A request every part of which is right: required parameters only, the body's required fields only. */
export function baseOf(op: Operation, idFor: IdFor): RequestParts {
  const params = (where: Parameter['in']) => op.parameters.filter((p) => p.in === where);
  const value = (p: Parameter) => baseValue(p.schema, p.name, op.path, idFor);
  return {
    path: Object.fromEntries(params('path').map((p) => [p.name, value(p)])),
    query: params('query').filter((p) => p.required).map((p): [string, unknown] => [p.name, value(p)]),
    body: isUpload(op) ? multipart(PNG_BYTES) : op.body ? (op.body.contentType === 'text/csv' ? { contentType: 'text/csv', raw: 'state,city,material,vendor_rate,driver_rate,b2c_rate\r\n' } : { json: baseValue(op.body.schema, 'body', op.path, idFor) }) : null,
    headers: {},
  };
}

/** Every place of `op` a value can go: each path and query parameter, each field of the body (nested ones too) and the body itself. */
export function slotsOf(op: Operation): Slot[] {
  const slots: Slot[] = op.parameters.filter((p) => p.in === 'path' || p.in === 'query').map((p) => ({ in: p.in as 'path' | 'query', name: p.name, schema: p.schema }));
  const walk = (schema: JsonSchema, at: Array<string | number>) => {
    slots.push({ in: 'body', at, schema });
    const inner = (schema.oneOf ?? schema.anyOf)?.[0] ?? schema;
    if (inner.type === 'object') for (const [key, property] of Object.entries(inner.properties ?? {})) walk(property, [...at, key]);
    if (inner.type === 'array' && inner.items) walk(inner.items, [...at, 0]);
  };
  if (op.body?.contentType === 'application/json') walk(op.body.schema, []);
  return slots;
}

/** `parts` with `value` in `slot` (a query parameter added or replaced, a body field set at any depth). */
export function withValue(parts: RequestParts, slot: Slot, value: unknown): RequestParts {
  if (slot.in !== 'body') {
    return slot.in === 'path'
      ? { ...parts, path: { ...parts.path, [slot.name]: value } }
      : { ...parts, query: [...parts.query.filter(([name]) => name !== slot.name), [slot.name, value]] };
  }
  if (slot.at.length === 0) return { ...parts, body: { json: value } };
  const json = structuredClone(parts.body && 'json' in parts.body ? parts.body.json : {});
  let node: Record<string | number, unknown> = (typeof json === 'object' && json !== null ? json : {}) as Record<string | number, unknown>;
  const root = node;
  for (const key of slot.at.slice(0, -1)) {
    const next = node[key];
    node = (node[key] = typeof next === 'object' && next !== null ? next : typeof key === 'number' ? [] : {}) as Record<string | number, unknown>;
  }
  node[slot.at[slot.at.length - 1]!] = value;
  return { ...parts, body: { json: root } };
}

/** A path or query value as text; a lone surrogate cannot be percent-encoded, so the bytes of one (not UTF-8) go instead. */
function encodeText(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? '';
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80';
  }
}

export function render(op: Operation, parts: RequestParts): FuzzRequest {
  const path = op.path.replace(/\{([^}]+)\}/g, (_, name: string) => encodeText(parts.path[name]));
  const search = parts.query.map(([name, value]) => `${encodeText(name)}=${encodeText(value)}`).join('&');
  const url = search ? `${path}?${search}` : path;
  if (!parts.body) return { url, headers: parts.headers };
  if ('json' in parts.body) return { url, headers: { 'content-type': 'application/json', ...parts.headers }, payload: JSON.stringify(parts.body.json) ?? 'null' };
  return { url, headers: { 'content-type': parts.body.contentType, ...parts.headers }, payload: parts.body.raw };
}
