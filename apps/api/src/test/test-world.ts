import { afterAll, beforeAll } from 'vitest';
import type { Role } from '@app/shared/constants';
import type { Factories, TestMember } from './factories';
import { createTestApp, type TestAppOptions, type TestContext } from './test-app';
import type { TestDbKind } from './test-database';

type MemberOptions = NonNullable<Parameters<Factories['createMember']>[1]>;

/** A test file's app with its members by name, and the seeded cities' ids in order. */
export type TestWorld<K extends string> = TestContext & Record<K, TestMember> & { cityIds: number[] };

/** A member to make: its role, and its options, which may name the members written before it. */
export type MemberSpec<W> = Role | readonly [Role, MemberOptions | ((world: W) => MemberOptions)];

/**
 * The app on `kind` with the members named, made in the order written, opened before the
 * suite's tests (in the beforeAll this registers) and closed after them. Its fields are
 * there from that beforeAll on: read them in tests and hooks, not while declaring the suite.
 */
export function useTestWorld<K extends string>(
  kind: TestDbKind,
  members: Record<K, MemberSpec<TestWorld<K>>> & { [P in keyof TestContext | 'cityIds']?: never },
  options?: TestAppOptions,
): TestWorld<K> {
  const world = {} as TestWorld<K>;
  beforeAll(async () => {
    const ctx = await createTestApp(kind, options);
    Object.assign(world, ctx, { cityIds: await ctx.factories.cityIds() });
    for (const [name, spec] of Object.entries(members) as [K, MemberSpec<TestWorld<K>>][]) {
      const [role, given] = typeof spec === 'string' ? [spec] : spec;
      const memberOptions = typeof given === 'function' ? given(world) : given;
      (world as Record<K, TestMember>)[name] = await ctx.factories.createMember(role, memberOptions);
    }
  });
  // Set only once the app opened: a failed beforeAll leaves nothing to close.
  afterAll(async () => world.close?.());
  return world;
}
