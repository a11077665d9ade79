// Application and claim calls of spec section 7 ("Badges", and the sponsor
// data of "Tokens and users"): thin handlers over the services, every body,
// query and answer a shared schema, in one route file per job.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { applyRoutes } from './apply-routes.ts';
import { claimRoutes } from './claim-routes.ts';
import { listRoutes } from './list-routes.ts';
import { reviewRoutes } from './review-routes.ts';
import { whitelistRoutes } from './whitelist-routes.ts';

export function applicationRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(applyRoutes(ctx));
    await app.register(claimRoutes(ctx));
    await app.register(reviewRoutes(ctx));
    await app.register(whitelistRoutes(ctx));
    await app.register(listRoutes(ctx));
  };
}
