// The caller's own second factors (users and admins alike, each their own):
// what they have, a passkey request for a change, passkeys, the authenticator
// app and recovery codes.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addPasskeyRequestSchema,
  errorResponseSchema,
  addPasskeyResponseSchema,
  passkeyRegistrationOptionsRequestSchema,
  passkeyRegistrationOptionsResponseSchema,
  recoveryCodesResponseSchema,
  securityChangedResponseSchema,
  securityChangeRequestSchema,
  securityOverviewResponseSchema,
  SECURITY_MESSAGES,
  stepUpOptionsResponseSchema,
  totpConfirmRequestSchema,
  totpConfirmResponseSchema,
  totpSetupResponseSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireActor } from '../../http/auth.ts';
import { factorsOf, factorPrompt } from './second-factor.ts';
import {
  addPasskey,
  confirmTotp,
  passkeyRegistrationOptions,
  regenerateRecoveryCodes,
  removePasskey,
  removeTotp,
  securityOverview,
  startTotpSetup,
} from './security-service.ts';
import { subjectOf } from './step-up.ts';

const TAGS = ['security'];

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
};

export function securityRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = requireActor(ctx);
    // Reached before an admin has a factor: the way to enrol one.
    const config = { factorNotRequired: true };

    app.get(
      '/security',
      {
        onRequest: signedIn,
        config,
        schema: {
          tags: TAGS,
          summary:
            'Your passkeys, authenticator app and recovery codes, and whether your wallet can be exported',
          response: { 200: securityOverviewResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: SECURITY_MESSAGES.security,
        data: await securityOverview(ctx, actorOf(request)),
      }),
    );

    app.post(
      '/security/step-up/options',
      {
        onRequest: signedIn,
        config,
        schema: {
          tags: TAGS,
          summary:
            'The factors you can confirm a security change with, and a passkey request for it (good once, for 5 minutes)',
          response: { 200: stepUpOptionsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const subject = subjectOf(actorOf(request));
        const factors = await factorsOf(ctx.db, subject);
        return {
          message: SECURITY_MESSAGES.confirmSecondFactor,
          data: await factorPrompt(ctx, subject, factors, 'step-up', true),
        };
      },
    );

    app.post(
      '/security/passkeys/options',
      {
        onRequest: signedIn,
        config,
        schema: {
          tags: TAGS,
          summary:
            'Options to make a passkey with (for @simplewebauthn/browser startRegistration); with a factor already, one of them confirms it',
          body: passkeyRegistrationOptionsRequestSchema,
          response: { 200: passkeyRegistrationOptionsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: SECURITY_MESSAGES.security,
        data: await passkeyRegistrationOptions(ctx, actorOf(request), request.body),
      }),
    );

    app.post(
      '/security/passkeys',
      {
        onRequest: signedIn,
        config,
        schema: {
          tags: TAGS,
          summary:
            'Adds the passkey made on your registration options; your first factor also answers your 10 recovery codes, shown once',
          body: addPasskeyRequestSchema,
          response: { 200: addPasskeyResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: SECURITY_MESSAGES.passkeyAdded,
        data: await addPasskey(ctx, actorOf(request), request.body),
      }),
    );

    app.delete(
      '/security/passkeys/:id',
      {
        onRequest: signedIn,
        config,
        schema: {
          tags: TAGS,
          summary:
            'Removes one of your passkeys, confirmed with a factor (an admin keeps at least one)',
          params: z.object({ id: z.uuid({ error: 'This passkey was not found' }) }),
          body: securityChangeRequestSchema,
          response: { 200: securityChangedResponseSchema, ...errors },
        },
      },
      async (request) => {
        await removePasskey(ctx, actorOf(request), request.params.id, request.body);
        return { message: SECURITY_MESSAGES.passkeyRemoved, data: null };
      },
    );

    app.post(
      '/security/totp/setup',
      {
        onRequest: signedIn,
        config,
        schema: {
          tags: TAGS,
          summary:
            'A new authenticator app secret (as text and as an otpauth URI for a QR code), in force once a first code confirms it; with a factor already, one of them confirms this',
          body: securityChangeRequestSchema,
          response: { 200: totpSetupResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: SECURITY_MESSAGES.totpStarted,
        data: await startTotpSetup(ctx, actorOf(request), request.body),
      }),
    );

    app.post(
      '/security/totp/confirm',
      {
        onRequest: signedIn,
        config,
        schema: {
          tags: TAGS,
          summary:
            "Confirms the app's secret with its first code; your first factor also answers your 10 recovery codes, shown once",
          body: totpConfirmRequestSchema,
          response: { 200: totpConfirmResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: SECURITY_MESSAGES.totpEnabled,
        data: await confirmTotp(ctx, actorOf(request), request.body.code),
      }),
    );

    app.delete(
      '/security/totp',
      {
        onRequest: signedIn,
        config,
        schema: {
          tags: TAGS,
          summary:
            'Removes your authenticator app, confirmed with a factor (an admin keeps at least one)',
          body: securityChangeRequestSchema,
          response: { 200: securityChangedResponseSchema, ...errors },
        },
      },
      async (request) => {
        await removeTotp(ctx, actorOf(request), request.body);
        return { message: SECURITY_MESSAGES.totpRemoved, data: null };
      },
    );

    app.post(
      '/security/recovery-codes',
      {
        onRequest: signedIn,
        config,
        schema: {
          tags: TAGS,
          summary:
            '10 new recovery codes, confirmed with a factor; every earlier code stops working. Shown once',
          body: securityChangeRequestSchema,
          response: { 200: recoveryCodesResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: SECURITY_MESSAGES.recoveryCodesCreated,
        data: await regenerateRecoveryCodes(ctx, actorOf(request), request.body),
      }),
    );
  };
}
