// The way out of custody: a user's wallet as an encrypted keystore file (issue 45).
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCOUNT_MESSAGES,
  SECURITY_MESSAGES,
  errorResponseSchema,
  otpSentResponseSchema,
  walletExportRequestSchema,
  walletExportResponseSchema,
} from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { actorOf, requireActor, requireUser } from '../../http/auth.ts';
import { exportWallet, sendWalletExportCode } from './wallet-export.ts';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  409: errorResponseSchema,
  429: errorResponseSchema,
  502: errorResponseSchema,
};

export function walletExportRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/security/wallet-export/code',
      {
        onRequest: requireUser(ctx),
        schema: {
          tags: ['security'],
          summary:
            'Mails the caller a 6-digit code that confirms a wallet export (for people without a second factor)',
          response: { 200: otpSentResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: ACCOUNT_MESSAGES.otpSent,
        data: await sendWalletExportCode(
          { ...ctx, logError: (err) => request.log.error({ err }, 'OTP mail failed') },
          actorOf(request),
        ),
      }),
    );

    app.post(
      '/security/wallet-export',
      {
        onRequest: requireActor(ctx),
        schema: {
          tags: ['security'],
          summary:
            "The caller's wallet as a Web3 Secret Storage v3 file under their passphrase; confirmed with a second factor, or without one with the password and a mailed code. Admins' wallets are not exported",
          body: walletExportRequestSchema,
          response: { 200: walletExportResponseSchema, ...errors },
        },
      },
      async (request) => ({
        message: SECURITY_MESSAGES.walletExported,
        data: await exportWallet(ctx, actorOf(request), request.body, {
          userAgent: request.headers['user-agent'],
          ip: request.ip,
        }),
      }),
    );
  };
}
