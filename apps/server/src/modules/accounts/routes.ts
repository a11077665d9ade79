// Accounts calls of spec section 7 ("Authentication and account"): OTP mail,
// registration, on-chain registration, login, logout, profile, approval.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  actionResponseSchema,
  authResponseSchema,
  emptyResponseSchema,
  errorResponseSchema,
  isApprovedResponseSchema,
  loginSchema,
  passkeyLoginOptionsResponseSchema,
  passkeyLoginRequestSchema,
  SECURITY_MESSAGES,
  otpSentResponseSchema,
  otpVerifiedResponseSchema,
  registerOnChainRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  resetPasswordSchema,
  sendOtpRequestSchema,
  sponsorOnChainRequestSchema,
  updateProfileSchema,
  userResponseSchema,
  verifyOtpRequestSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireSponsor, requireUser } from '../../http/auth.ts';
import { perIpLimit } from './rate-limits.ts';
import * as accounts from './service.ts';
import { signInMetaOf } from './sessions.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
};

export function accountRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const limited = perIpLimit(ctx.config);

    app.post(
      '/admin-auth/send-verification-email',
      {
        config: limited,
        schema: {
          tags: ['accounts'],
          summary:
            'Registration: mails a 6-digit OTP; an email that has an account is mailed a note instead, with the same answer',
          body: sendOtpRequestSchema,
          response: { 200: otpSentResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: ACCOUNT_MESSAGES.otpSent,
        data: await accounts.sendVerificationEmail(
          { ...ctx, logError: (err) => request.log.error({ err }, 'OTP mail failed') },
          request.body.email,
        ),
      }),
    );

    app.post(
      '/admin-auth/reset-password/mail',
      {
        config: limited,
        schema: {
          tags: ['accounts'],
          summary:
            'Password reset: mails a 6-digit OTP; an email without an account is mailed a note instead, with the same answer',
          body: sendOtpRequestSchema,
          response: { 200: otpSentResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: ACCOUNT_MESSAGES.otpSent,
        data: await accounts.sendResetEmail(
          { ...ctx, logError: (err) => request.log.error({ err }, 'OTP mail failed') },
          request.body.email,
        ),
      }),
    );

    app.post(
      '/admin-auth/verify-otp',
      {
        config: limited,
        schema: {
          tags: ['accounts'],
          summary: 'Checks an OTP (registration or reset) without using it up',
          body: verifyOtpRequestSchema,
          response: { 200: otpVerifiedResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: ACCOUNT_MESSAGES.otpVerified,
        data: await accounts.verifyOtp(ctx, request.body.email, request.body.otp, request.ip),
      }),
    );

    app.post(
      '/admin-auth/reset-password',
      {
        config: limited,
        schema: {
          tags: ['accounts'],
          summary: 'Uses the reset OTP and sets the new password; ends every session of the user',
          body: resetPasswordSchema,
          response: { 200: emptyResponseSchema, ...errors },
        },
      },
      async (request) => {
        await accounts.resetPassword(ctx, request.body, request.ip);
        return { message: ACCOUNT_MESSAGES.passwordReset, data: null };
      },
    );

    app.post(
      '/metakeep',
      {
        config: limited,
        schema: {
          tags: ['accounts'],
          summary:
            'Registration: uses the OTP, creates the account and its custodial wallet, logs in, and asks consent for the on-chain registration',
          body: registerRequestSchema,
          response: { 201: registerResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const data = await accounts.register(ctx, request.body, signInMetaOf(request));
        return reply.status(201).send({ message: ACCOUNT_MESSAGES.registered, data });
      },
    );

    app.post(
      '/metakeep/register-onchain',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['accounts'],
          summary:
            'On-chain registration: without consentToken asks for consent, with it queues the registration',
          body: registerOnChainRequestSchema,
          response: { 200: actionResponseSchema, ...errors, 410: errorResponseSchema },
        },
      },
      async (request) => {
        const data = await accounts.registerOnChain(
          ctx,
          actorOf(request),
          request.body.consentToken,
        );
        return {
          message: 'consentToken' in data ? 'Consent required' : ACCOUNT_MESSAGES.onChainQueued,
          data,
        };
      },
    );

    app.post(
      '/metakeep/sponsor',
      {
        onRequest: requireSponsor(ctx),
        schema: {
          tags: ['accounts'],
          summary:
            "A sponsor's on-chain registration (the spec's body: email, the caller's own): without consentToken asks for consent, with it queues",
          body: sponsorOnChainRequestSchema,
          response: { 200: actionResponseSchema, ...errors, 410: errorResponseSchema },
        },
      },
      async (request) => {
        const data = await accounts.registerSponsorOnChain(ctx, actorOf(request), request.body);
        return {
          message: 'consentToken' in data ? 'Consent required' : ACCOUNT_MESSAGES.onChainQueued,
          data,
        };
      },
    );

    app.post(
      '/metakeep/auth/login',
      {
        config: limited,
        schema: {
          tags: ['accounts'],
          summary: 'User login: a bearer token and the user',
          body: loginSchema,
          response: { 200: authResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: ACCOUNT_MESSAGES.loggedIn,
        data: await accounts.login(ctx, request.body, signInMetaOf(request)),
      }),
    );

    app.post(
      '/metakeep/auth/passkey/options',
      {
        config: limited,
        schema: {
          tags: ['accounts'],
          summary:
            '"Sign in with a passkey": a challenge any passkey made on this platform may answer (for @simplewebauthn/browser startAuthentication; good once, for 5 minutes)',
          response: { 200: passkeyLoginOptionsResponseSchema, ...errors },
        },
      },
      async () => ({
        message: SECURITY_MESSAGES.loginSecondFactor,
        data: await ctx.signIn.passkeyLoginOptions(),
      }),
    );

    app.post(
      '/metakeep/auth/passkey/login',
      {
        config: limited,
        schema: {
          tags: ['accounts'],
          summary:
            'User login with a discoverable passkey and no password: the assertion on a challenge of /metakeep/auth/passkey/options',
          body: passkeyLoginRequestSchema,
          response: { 200: authResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: ACCOUNT_MESSAGES.loggedIn,
        data: await accounts.loginWithPasskey(ctx, request.body.webauthn, signInMetaOf(request)),
      }),
    );

    app.post(
      '/user/logout',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['accounts'],
          summary: 'Ends this session on the server',
          response: { 200: emptyResponseSchema, ...errors },
        },
      },
      async (request) => {
        await accounts.logout(ctx, actorOf(request));
        return { message: ACCOUNT_MESSAGES.loggedOut, data: null };
      },
    );

    app.get(
      '/user/me',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['accounts'],
          summary: 'The signed-in user as stored now',
          response: { 200: userResponseSchema, ...errors },
        },
      },
      async (request) => ({ message: 'User', data: await accounts.me(ctx, actorOf(request)) }),
    );

    app.post(
      '/user/updateProfile',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['accounts'],
          summary: 'Changes full name and picture of the signed-in user (id must be their own)',
          body: updateProfileSchema,
          response: { 200: userResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: ACCOUNT_MESSAGES.profileUpdated,
        data: await accounts.updateProfile(ctx, actorOf(request), request.body),
      }),
    );

    app.get(
      '/user/isApproved',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['accounts'],
          summary: 'Whether the signed-in sponsor is approved by an administrator',
          response: { 200: isApprovedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const approved = await accounts.isApproved(ctx, actorOf(request));
        return { message: approved ? 'Approved' : 'Not approved yet', data: approved };
      },
    );
  };
}
