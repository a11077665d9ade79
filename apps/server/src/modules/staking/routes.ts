// Staking calls of spec section 7: balances from the chain, staking (approve,
// stake, record), unstaking beyond the spec, and the admin's Community
// Treasure (the open stakes, withdraw and re-deposit).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  actionResponseSchema,
  balanceQuerySchema,
  balancesResponseSchema,
  emptyResponseSchema,
  errorResponseSchema,
  myStakeResponseSchema,
  myStakesResponseSchema,
  recordStakeRequestSchema,
  recordWithdrawalRequestSchema,
  stakeListQuerySchema,
  stakeListResponseSchema,
  stakeRequestSchema,
  TOTAL_COUNT_HEADER,
  treasuryMoveRequestSchema,
  treasuryResponseSchema,
  unstakeRequestSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireAdmin, requireUser } from '../../http/auth.ts';
import {
  adminBalances,
  approveStakeFor,
  depositTreasuryFor,
  myStakes,
  recordStake,
  recordWithdrawal,
  stakeFor,
  stakeListing,
  STAKING_MESSAGES,
  treasury,
  unstake,
  userBalances,
  withdrawTreasuryFor,
} from './service.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const actionErrors = { ...errors, 410: errorResponseSchema };

const actionMessage = (data: object) =>
  'consentToken' in data ? 'Consent required' : 'Transaction queued';

export function stakingRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/stake/balance',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['staking'],
          summary: 'Your GETS in the wallet, your open stakes and the total staked, from the chain',
          querystring: balanceQuerySchema,
          response: { 200: balancesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: 'Balances',
        data: await userBalances(ctx, actorOf(request), request.query.userId),
      }),
    );

    app.get(
      '/stake/balance/admin',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['staking'],
          summary: "The admin's balances, or a user's (userId), from the chain",
          querystring: balanceQuerySchema,
          response: { 200: balancesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: 'Balances',
        data: await adminBalances(ctx, actorOf(request), request.query.userId),
      }),
    );

    app.post(
      '/stake/approve/metakeep',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['staking'],
          summary:
            'Allows the Community Treasure to take an amount of your GETS: without consentToken asks for consent, with it queues',
          body: stakeRequestSchema,
          response: { 200: actionResponseSchema, ...actionErrors },
        },
      },
      async (request) => {
        const data = await approveStakeFor(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/stake/metakeep',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['staking'],
          summary:
            'Stakes GETS into the Community Treasure (one consent: a GETS permit, no approval needed); the stakeId is in the Staked event',
          body: stakeRequestSchema,
          response: { 200: actionResponseSchema, ...actionErrors },
        },
      },
      async (request) => {
        const data = await stakeFor(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/stake',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['staking'],
          summary: 'Records your completed stake by its onChainId (the stakeId of the chain)',
          body: recordStakeRequestSchema,
          response: { 200: myStakeResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: STAKING_MESSAGES.staked,
        data: await recordStake(ctx, actorOf(request), request.body),
      }),
    );

    app.get(
      '/stake/mine',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['staking'],
          summary: 'Your stakes, newest first, with the date each unlocks',
          response: { 200: myStakesResponseSchema, ...errors },
        },
      },
      async (request) => ({ message: 'Your stakes', data: await myStakes(ctx, actorOf(request)) }),
    );

    app.post(
      '/stake/withdraw/metakeep',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['staking'],
          summary:
            'Unstakes one of your stakes once its lock has ended: without consentToken asks for consent, with it queues',
          body: unstakeRequestSchema,
          response: { 200: actionResponseSchema, ...actionErrors },
        },
      },
      async (request) => {
        const data = await unstake(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.get(
      '/stake',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['staking'],
          summary: `The open stakes, newest first, a page at a time (the total count in ${TOTAL_COUNT_HEADER})`,
          querystring: stakeListQuerySchema,
          response: { 200: stakeListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { stakes, total } = await stakeListing(ctx, request.query);
        void reply.header(TOTAL_COUNT_HEADER, String(total));
        return { message: 'Stakes', data: stakes };
      },
    );

    app.get(
      '/stake/treasury',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['staking'],
          summary:
            'The Community Treasure from the chain: total staked, the pool an admin may withdraw, the lock period',
          response: { 200: treasuryResponseSchema, ...errors },
        },
      },
      async () => ({ message: 'Community Treasure', data: await treasury(ctx) }),
    );

    app.post(
      '/stake/withdraw/metakeep/admin',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['staking'],
          summary:
            "Withdraws GETS from the treasury pool (never from stakes) to the admin's wallet: without consentToken asks for consent, with it queues",
          body: treasuryMoveRequestSchema,
          response: { 200: actionResponseSchema, ...actionErrors },
        },
      },
      async (request) => {
        const data = await withdrawTreasuryFor(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );

    app.post(
      '/stake/withdraw/admin',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['staking'],
          summary: "Records the admin's completed treasury withdrawal (userId is the admin's id)",
          body: recordWithdrawalRequestSchema,
          response: { 200: emptyResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: await recordWithdrawal(ctx, actorOf(request), request.body),
        data: null,
      }),
    );

    app.post(
      '/stake/deposit/metakeep/admin',
      {
        onRequest: requireAdmin(ctx),
        schema: {
          tags: ['staking'],
          summary:
            "Re-deposits GETS from the admin's wallet into the treasury pool (one consent, a GETS permit): without consentToken asks for consent, with it queues",
          body: treasuryMoveRequestSchema,
          response: { 200: actionResponseSchema, ...actionErrors },
        },
      },
      async (request) => {
        const data = await depositTreasuryFor(ctx, actorOf(request), request.body);
        return { message: actionMessage(data), data };
      },
    );
  };
}
