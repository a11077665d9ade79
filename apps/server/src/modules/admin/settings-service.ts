// Settings of the admin console: the periods are changed on chain, one
// consent each (PUT /admin/metakeep/{claim,approval,lock}-period), then
// confirmed and recorded with PUT /admin/settings.
import type { PeriodName, PlatformSettingsData, SettingsRequest } from '@gets/schema';
import type { AppContext } from '../../context.ts';
import { consentOrQueue } from '../../custody/consent.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { recordAdminAction } from '../audit/service.ts';
import { requireActiveAdmin } from '../admin-auth/active-admin.ts';
import { PERIOD_FIELDS, readPeriods } from '../../chain/platform-periods.ts';
import { insertSettingsChange } from './settings-repository.ts';

export const SETTINGS_MESSAGES = {
  read: 'Settings',
  saved: 'Settings updated successfully',
  notOnChain: (field: string, onChain: number, given: number) =>
    `The ${field} on chain is ${onChain} days, not ${given}: change it on chain first`,
} as const;

type Deps = Pick<AppContext, 'db' | 'chain' | 'contracts' | 'config' | 'actions'>;

/** PUT /admin/metakeep/{period}-period: one period, through consent and the pipeline. */
export async function changePeriod(
  ctx: Deps,
  actor: Actor,
  period: PeriodName,
  input: { days: number; consentToken?: string | undefined },
) {
  await requireActiveAdmin(ctx, actor);
  return consentOrQueue(
    ctx,
    actor,
    { type: 'setPeriod', period, days: input.days },
    input.consentToken,
  );
}

/**
 * PUT /admin/settings: the values must be what PlatformSettings now holds
 * (the chain calls completed); records who saved them. Answers the periods.
 */
export async function saveSettings(
  ctx: Deps,
  actor: Actor,
  input: SettingsRequest,
): Promise<PlatformSettingsData> {
  const onChain = await readPeriods(ctx);
  for (const field of Object.values(PERIOD_FIELDS)) {
    const given = input[field];
    if (given !== undefined && given !== onChain[field]) {
      throw new AppError(409, SETTINGS_MESSAGES.notOnChain(field, onChain[field], given));
    }
  }
  await ctx.db.transaction(async (tx) => {
    await insertSettingsChange(tx, { adminId: actor.id, ...input });
    await recordAdminAction(tx, actor, {
      action: 'settings.save',
      target: { kind: 'settings', id: null },
      details: { ...input },
    });
  });
  return onChain;
}
