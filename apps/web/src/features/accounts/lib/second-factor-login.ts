// A login answered "confirm it is you": the refusal's kinds and passkey
// challenge, read from its data, so the form can ask for the factor.
import { secondFactorRequiredSchema, type SecondFactorRequired } from '@gets/schema';
import type { ApiResult } from '@/lib/api-client';

export function secondFactorAsked(result: ApiResult<unknown>): SecondFactorRequired | null {
  if (result.success || result.status !== 401) return null;
  const parsed = secondFactorRequiredSchema.safeParse(result.details);
  return parsed.success ? parsed.data : null;
}
