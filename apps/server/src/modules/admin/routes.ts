// Admin console calls of spec section 7 ("Admin") and what its screens need
// beyond them: sponsors, settings (periods on chain), more admins.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { adminsRoutes } from './admins-routes.ts';
import { settingsRoutes } from './settings-routes.ts';
import { sponsorRoutes } from './sponsor-routes.ts';

export function adminRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(sponsorRoutes(ctx));
    await app.register(settingsRoutes(ctx));
    await app.register(adminsRoutes(ctx));
  };
}
