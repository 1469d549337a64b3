import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app';
import type { TestMember } from '../test/factories';
import { TEST_DB_KINDS } from '../test/test-database';

interface Operation {
  method: string;
  path: string;
  query: string[];
  hasBody: boolean;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
// Streams never end by themselves (SSE), and the docs UI is static files.
const SKIP = /^\/(events|docs)(\/|$)/;

/** Every operation of the OpenAPI document the app generates from its route schemas. */
function operationsOf(document: unknown): Operation[] {
  const paths = (document as { paths?: Record<string, Record<string, { parameters?: Array<{ in: string; name: string }>; requestBody?: unknown }>> }).paths ?? {};
  const out: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    if (SKIP.test(path)) continue;
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      out.push({ method: method.toUpperCase(), path, query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name), hasBody: !!op.requestBody });
    }
  }
  return out;
}

// Texts that broke routes before (NUL), and the usual suspects of malformed input.
const nastyText = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '%00', '', ' ', '-1', '0', '1e309', 'NaN', 'Infinity', '9'.repeat(40), '1.5', '-0', 'null', 'true', '[]', '{}', "'; drop table orders; --", '\uD800', '😀', 'x'.repeat(5000)),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
);
const nastyValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    nastyText,
    fc.integer(),
    fc.double(),
    fc.constantFrom(0, -1, 1e-10, 2 ** 53, -(2 ** 63), 1e308, null, true, false),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.oneof(nastyText, fc.constantFrom('id', 'name', 'login_id', 'details', 'amount', 'note', 'reason', 'status', 'weight', 'rate')), tie('value'), { maxKeys: 4 }),
  ),
})).value;

// A lone surrogate cannot be URI-encoded: send the bytes of one (invalid UTF-8) instead.
const encodeSegment = (value: string) => {
  try {
    return encodeURIComponent(value);
  } catch {
    return '%ED%A0%80';
  }
};

const fillPath = (path: string, values: string[]) => {
  let i = 0;
  return path.replace(/\{[^}]+\}/g, () => encodeSegment(values[i++ % values.length] ?? '1'));
};

describe.each(TEST_DB_KINDS)('malformed requests to every documented route on %s', (kind) => {
  let ctx: TestContext;
  let admin: TestMember;
  let operations: Operation[];
  beforeAll(async () => {
    // Fuzzing signs in far more often than any person: the limits would answer 429 to most of it.
    const many = '100000/60';
    ctx = await createTestApp(kind, {
      config: {
        RATE_LIMITS: ['login.login_id', 'login.address', 'signup.login_id', 'signup.address', 'forgot_password.login_id', 'forgot_password.address', 'change_password.member', 'export.member', 'upload.member'].map((k) => `${k}=${many}`).join(','),
      },
    });
    admin = await ctx.factories.createMember('admin');
    operations = operationsOf(ctx.app.swagger());
  });
  afterAll(async () => ctx?.close());

  it('has routes to fuzz', () => {
    expect(operations.length).toBeGreaterThan(40);
  });

  it('never answers 5xx, signed in or not', async () => {
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...operations),
        fc.array(nastyText, { minLength: 1, maxLength: 3 }),
        fc.dictionary(fc.oneof(fc.constantFrom('limit', 'cursor', 'search', 'status', 'ordering', 'x'), nastyText), nastyText, { maxKeys: 3 }),
        fc.oneof(nastyValue, fc.constant(undefined)),
        fc.boolean(),
        async (op, pathValues, extraQuery, body, signedIn) => {
          const query = new URLSearchParams();
          for (const name of op.query) query.set(name, pathValues[0] ?? '');
          for (const [k, v] of Object.entries(extraQuery)) query.set(k, v);
          const url = `${fillPath(op.path, pathValues)}?${query.toString()}`;
          const res = await ctx.app.inject({
            method: op.method as 'GET',
            url,
            headers: { ...(signedIn ? admin.headers : {}), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
          });
          if (res.statusCode >= 500) failures.push(`${op.method} ${url} ${JSON.stringify(body)?.slice(0, 200)} -> ${res.statusCode} ${res.body.slice(0, 200)}`);
          return res.statusCode < 500;
        },
      ),
      { numRuns: kind === 'pglite' ? 600 : 300, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 100000), endOnFailure: true },
    ).catch((error: unknown) => {
      throw new Error(`${failures.join('\n')}\n${String(error)}`);
    });
    expect(failures).toEqual([]);
  }, 120_000);

  it('answers NUL in every query parameter and JSON body of every route without a 5xx', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const query = new URLSearchParams(op.query.map((name): [string, string] => [name, 'a\u0000']));
      const url = `${fillPath(op.path, ['1'])}?${query.toString()}`;
      const payload = op.hasBody ? JSON.stringify({ name: 'x\u0000', note: '\u0000', reason: '\u0000', login_id: 'a\u0000@x.in' }) : undefined;
      const res = await ctx.app.inject({ method: op.method as 'GET', url, headers: { ...admin.headers, ...(payload ? { 'content-type': 'application/json' } : {}) }, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 500) failures.push(`${op.method} ${url} -> ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
  });
});
