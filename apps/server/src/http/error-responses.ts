// The refusals admin calls answer, as their OpenAPI responses: shared by every
// module with admin routes (admin, audit, badges...).
import { errorResponseSchema } from '@gets/schema';

/** The refusals every admin call can answer. */
export const adminErrors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};

/** Chain action endpoints may also find the consent token spent or expired. */
export const actionErrors = { ...adminErrors, 410: errorResponseSchema };
