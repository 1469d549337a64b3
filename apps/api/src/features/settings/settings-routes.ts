import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTIFICATION_PREFERENCES_DEFAULT,
  PUBLIC_SETTING_KEYS,
  SETTING_DEFAULTS,
  SETTING_KEYS,
  SETTING_SCHEMAS,
  notificationPreferencesSchema,
  settingResponseSchema,
  type SettingKey,
} from '@app/shared/schemas/settings';
import { authOf, requireAuth } from '../../auth/guards';
import { errorResponses } from '../../http/error-responses';
import { notFound } from '../../http/http-error';
import { holdInvoicing } from '../../money/invoices/invoicing-lock';
import { issueWaitingInvoices } from '../../money/invoices/issue-waiting-invoices';
import { settingAnswer } from './setting-answer';
import { notificationKey, readSetting, writeSetting } from './settings-repository';

const tags = ['settings'];
const security = [{ bearer: [] }];

const SUMMARIES: Record<SettingKey, string> = {
  order: 'order rules',
  information: 'company information',
  privacy: 'privacy policy',
  terms: 'terms and conditions',
};

// One static route per key, so each documents and validates its own schema; an unknown
// key falls through to the parametric route below and answers 404.
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const key of SETTING_KEYS) {
    const schema = SETTING_SCHEMAS[key];
    const answer = settingResponseSchema(schema);
    const isPublic = PUBLIC_SETTING_KEYS.includes(key);

    app.get(
      `/settings/${key}`,
      {
        // The privacy and terms pages are linked from the sign-up form, before any account exists.
        ...(isPublic ? {} : { onRequest: requireAuth() }),
        schema: {
          tags,
          ...(isPublic ? {} : { security }),
          summary: `Reads the ${SUMMARIES[key]} (${isPublic ? 'anyone, signed in or not' : 'anyone signed in'})`,
          response: { 200: answer, ...errorResponses(401, 403) },
        },
      },
      async (request) => settingAnswer(key, schema, SETTING_DEFAULTS[key], await readSetting(app.db, key), request.log),
    );

    app.put(
      `/settings/${key}`,
      {
        onRequest: requireAuth({ roles: ['admin'] }),
        schema: {
          tags,
          security,
          summary: `Replaces the ${SUMMARIES[key]} (admin)`,
          body: schema,
          response: { 200: answer, ...errorResponses(400, 401, 403) },
        },
      },
      async (request) => {
        const memberId = authOf(request).memberId;
        const stored =
          key === 'information'
            ? // The invoices that waited for the company information are issued with it, in one
              // transaction (design.md section 23); the lock comes first, before the settings row.
              await app.db.transaction(async (tx) => {
                await holdInvoicing(tx);
                const written = await writeSetting(tx, key, request.body, memberId);
                const issued = await issueWaitingInvoices(tx);
                if (issued > 0) request.log.info({ issued }, 'issued the invoices that waited for the company information');
                return written;
              })
            : await writeSetting(app.db, key, request.body, memberId);
        return settingAnswer(key, schema, SETTING_DEFAULTS[key], stored, request.log);
      },
    );
  }

  const preferencesAnswer = settingResponseSchema(notificationPreferencesSchema);

  app.get(
    '/settings/notification/me',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Reads the caller\'s notification preferences',
        response: { 200: preferencesAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => {
      const stored = await readSetting(app.db, notificationKey(authOf(request).memberId));
      return settingAnswer('notification', notificationPreferencesSchema, NOTIFICATION_PREFERENCES_DEFAULT, stored, request.log);
    },
  );

  app.put(
    '/settings/notification/me',
    {
      onRequest: requireAuth(),
      schema: {
        tags,
        security,
        summary: 'Replaces the caller\'s notification preferences',
        body: notificationPreferencesSchema,
        response: { 200: preferencesAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const memberId = authOf(request).memberId;
      const stored = await writeSetting(app.db, notificationKey(memberId), request.body, memberId);
      return settingAnswer('notification', notificationPreferencesSchema, NOTIFICATION_PREFERENCES_DEFAULT, stored, request.log);
    },
  );

  const unknownKey = { params: z.object({ key: z.string() }), response: { ...errorResponses(404) }, hide: true };
  const refuseUnknown = async (request: { params: { key: string } }): Promise<never> => {
    throw notFound(`Unknown setting "${request.params.key}"; the settings are ${SETTING_KEYS.join(', ')} and notification/me`);
  };
  app.get('/settings/:key', { schema: unknownKey }, refuseUnknown);
  app.put('/settings/:key', { schema: unknownKey }, refuseUnknown);
};
