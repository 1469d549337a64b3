import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  bulkRateChangeBodySchema,
  bulkRateChangeQuerySchema,
  bulkRateChangeResponseSchema,
  RATE_CSV_COLUMNS,
  RATE_IMPORT_MAX_BYTES,
  rateCardExportQuerySchema,
  rateCardQuerySchema,
  rateCardRowSchema,
  rateCellParamsSchema,
  rateCellUpdateResponseSchema,
  rateHistoryQuerySchema,
  rateHistoryResponseSchema,
  rateImportResponseSchema,
  updateRateCellBodySchema,
} from '@app/shared/schemas/catalog';
import { authOf } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { HttpError } from '../../http/http-error';
import { listEtag, setListHeaders } from '../../http/paging';
import { errorResponseSchema } from '@app/shared/schemas/errors';
import { applyBulkChange } from './bulk-change';
import { loadRateCard } from './rate-card-query';
import { updateRateCell } from './rate-cell-update';
import { sendCsv } from '../../http/csv-stream';
import { exportRateCard } from './rate-export';
import { loadRateHistory } from './rate-history';
import { importRates } from './rate-import';
import { adminOnly, bearer } from './route-support';

/** The admin's rate-by-city screens: the full table of every rate type, and its tools. */
export const rateCardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rate-card',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rate card'],
        summary: 'Cities (filtered, paged) with every rate type of every active material, who set it and when (admin)',
        description: 'Sorted by state, then city. Headers: X-Total-Count (cities matching), Link rel="next" while more pages follow.',
        security: bearer,
        querystring: rateCardQuerySchema,
        response: { 200: z.array(rateCardRowSchema), ...errorResponses(400, 401, 403) },
      },
      onSend: listEtag,
    },
    async (request, reply) => {
      const { limit, cursor, state_id: stateId, city_id: cityId, search } = request.query;
      const offset = cursor === undefined ? 0 : Number(cursor);
      const { total, rows } = await loadRateCard(app.db, { stateId, cityId, search }, { limit, offset });
      // The card reads alphabetically (state, city), not newest first, so its cursor is an offset.
      setListHeaders(request, reply, total, offset + rows.length < total ? String(offset + rows.length) : null);
      return rows;
    },
  );

  app.put(
    '/rate-card/:city_id/:material_id',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rate card'],
        summary: "Sets a city's vendor, driver and/or b2c rate of one material (admin)",
        description: 'Every changed rate enters the history with its author and previous value. A retired material answers 409.',
        security: bearer,
        params: rateCellParamsSchema,
        body: updateRateCellBodySchema,
        response: { 200: rateCellUpdateResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateRateCell(app.db, request.params.city_id, request.params.material_id, request.body, authOf(request).memberId),
  );

  app.post(
    '/rate-card/bulk',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rate card'],
        summary: 'Raises or lowers one rate type by percent or amount over a state, a material and/or cities (admin)',
        description:
          'All given scope keys must hold. `?dry_run=true` answers exactly what would change and changes nothing. ' +
          'A change that would take any rate to 0 or less (or above the maximum) is refused whole (400).',
        security: bearer,
        querystring: bulkRateChangeQuerySchema,
        body: bulkRateChangeBodySchema,
        response: { 200: bulkRateChangeResponseSchema, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const { rate_type: rateType, scope, change } = request.body;
      return applyBulkChange(
        app.db,
        { rateType, scope: { stateId: scope.state_id, materialId: scope.material_id, cityIds: scope.city_ids }, change, dryRun: request.query.dry_run },
        authOf(request).memberId,
      );
    },
  );

  app.get(
    '/rate-card/history',
    {
      onRequest: adminOnly,
      schema: {
        tags: ['rate card'],
        summary: "One rate's history: the rate in force at a time, and its changes, newest first (admin)",
        description: "Without city_id: the material's default rate.",
        security: bearer,
        querystring: rateHistoryQuerySchema,
        response: { 200: rateHistoryResponseSchema, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const q = request.query;
      return loadRateHistory(app.db, {
        materialId: q.material_id,
        cityId: q.city_id ?? null,
        rateType: q.rate_type,
        at: q.at === undefined ? null : new Date(q.at),
        limit: q.limit,
      });
    },
  );

  app.get(
    '/rate-card/export.csv',
    {
      onRequest: adminOnly,
      preHandler: app.limitPerMember('export'),
      schema: {
        tags: ['rate card'],
        summary: 'The rate card as CSV: state, city, material, vendor_rate, driver_rate, b2c_rate (admin)',
        security: bearer,
        querystring: rateCardExportQuerySchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe(`CSV with the columns ${RATE_CSV_COLUMNS.join(', ')}`), ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const { state_id: stateId, city_id: cityId, search } = request.query;
      const { stream, rows } = await exportRateCard(app.db, { stateId, cityId, search });
      return sendCsv(reply, { filename: 'rate-card.csv', stream, total: { count: rows, estimated: false } });
    },
  );

  app.post(
    '/rate-card/import',
    {
      onRequest: adminOnly,
      bodyLimit: RATE_IMPORT_MAX_BYTES,
      // Checked before the body is read, so a JSON upload hears what to send instead.
      preValidation: async (request) => {
        if (!/^text\/csv\b/i.test(request.headers['content-type'] ?? '')) {
          throw new HttpError(415, 'Send the rate card as CSV text with Content-Type: text/csv');
        }
      },
      schema: {
        tags: ['rate card'],
        summary: 'Sets rates from a CSV file: all rows or none (admin)',
        description:
          `Columns: ${RATE_CSV_COLUMNS.join(', ')} (header line first; any order). Every row is checked first; any problem answers 400 ` +
          'with `errors` keyed "line N" (line 1 is the header) and nothing changes. A good file is applied in one transaction ' +
          'with a history row per changed rate. At most 5 MB.',
        security: bearer,
        consumes: ['text/csv'],
        body: z.string().describe('CSV text'),
        response: { 200: rateImportResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 413), 415: errorResponseSchema },
      },
    },
    async (request) => importRates(app.db, request.body, authOf(request).memberId),
  );
};
