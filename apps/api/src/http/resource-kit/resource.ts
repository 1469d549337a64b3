import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Role } from '@app/shared/constants';
import type { AuthContext } from '../../auth/auth-context';
import { authOf } from '../../auth/guards';
import { tenancyOf, type Tenancy } from '../../auth/tenancy';
import type { Database } from '../../db/database';
import type { RecordQueries } from './record-queries';

/** The Fastify instance a plugin receives (zod type provider). */
export type ZodApp = Parameters<FastifyPluginAsyncZod>[0];

/** Who asks, and what the route may touch for them. */
export interface Caller {
  db: Database;
  auth: AuthContext;
  tenancy: Tenancy;
}

export const callerOf = (db: Database, request: FastifyRequest): Caller => {
  const auth = authOf(request);
  return { db, auth, tenancy: tenancyOf(auth) };
};

/** Every route of a resource is called with a bearer token (OpenAPI). */
export const BEARER = [{ bearer: [] }];

/** What every route of a resource says of itself in OpenAPI, and who may call it. */
export interface RouteDoc {
  roles: readonly Role[];
  summary: string;
}

export interface CreateRoute<B extends z.ZodType> extends RouteDoc {
  body: B;
  /** Documents a 409 (a taken login id, say). */
  mayConflict?: boolean;
  /** Takes an Idempotency-Key (design.md section 15); documents its 409. */
  idempotent?: boolean;
  /** Creates the record; answers its id. */
  run(caller: Caller, body: z.output<B>): Promise<number>;
}

export interface UpdateRoute<B extends z.ZodType> extends RouteDoc {
  /** After `/:id`, e.g. `/info`; none by default. */
  path?: string;
  body: B;
  /** Changes the record; false (or a 404 thrown) when the caller has none to change. */
  run(caller: Caller, id: number, body: z.output<B>): Promise<boolean | void>;
}

/** A resource's routes, declared (resourceRoutes registers them). */
export interface Resource<Item, Q, CB extends z.ZodType, UB extends z.ZodType> {
  path: string;
  tags: string[];
  notFound: string;
  /** One record as the API answers it. */
  item: z.ZodType;
  records: Pick<RecordQueries<PgTable, Item, Q>, 'list' | 'find' | 'remove'>;
  list?: RouteDoc & { query: z.ZodType<Q, unknown> };
  read?: RouteDoc;
  create?: CreateRoute<CB>;
  update?: UpdateRoute<UB>;
  remove?: RouteDoc;
}
