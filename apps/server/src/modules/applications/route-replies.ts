// What every application call may answer besides its own data: the refusals,
// and the message of an action endpoint (consent asked, or queued).
import { APPLICATION_MESSAGES as M, errorResponseSchema } from '@gets/schema';

export const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  410: errorResponseSchema,
  429: errorResponseSchema,
};

/** An action endpoint's message: consent asked, or queued. */
export const actionMessage = (data: object) =>
  'consentToken' in data ? M.consentRequired : M.queued;
