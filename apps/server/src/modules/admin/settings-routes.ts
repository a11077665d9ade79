// The platform periods: read from the chain, changed on chain one consent
// each, then confirmed and recorded (spec section 4, Settings save).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  periodChangeRequestSchema,
  PERIODS,
  platformSettingsResponseSchema,
  settingsRequestSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAdmin } from '../../http/auth.ts';
import { readPeriods } from '../../chain/platform-periods.ts';
import { actionErrors, adminErrors } from '../../http/error-responses.ts';
import { changePeriod, saveSettings, SETTINGS_MESSAGES } from './settings-service.ts';

export function settingsRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin/settings',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary: 'The claim, approval and lock periods (days), read from PlatformSettings',
          response: { 200: platformSettingsResponseSchema, ...adminErrors },
        },
      },
      async () => ({ message: SETTINGS_MESSAGES.read, data: await readPeriods(ctx) }),
    );

    app.put(
      '/admin/settings',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['admin'],
          summary:
            'Confirms and records periods after their chain calls completed (each must be what PlatformSettings holds)',
          body: settingsRequestSchema,
          response: { 200: platformSettingsResponseSchema, ...adminErrors },
        },
      },
      async (request) => ({
        message: SETTINGS_MESSAGES.saved,
        data: await saveSettings(ctx, actorOf(request), request.body),
      }),
    );

    for (const period of PERIODS) {
      app.put(
        `/admin/metakeep/${period}-period`,
        {
          onRequest: requireAdmin(ctx),
          schema: {
            tags: ['admin'],
            summary: `Sets the ${period} period (days) on chain: without consentToken asks for consent, with it queues`,
            body: periodChangeRequestSchema,
            response: { 200: actionResponseSchema, ...actionErrors },
          },
        },
        async (request) => {
          const data = await changePeriod(ctx, actorOf(request), period, request.body);
          return {
            message: 'consentToken' in data ? 'Consent required' : 'Transaction queued',
            data,
          };
        },
      );
    }
  };
}
