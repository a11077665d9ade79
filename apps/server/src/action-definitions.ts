// Every chain action's definition, from the domain modules that define them
// (modules/<domain>/actions.ts), and the union of their payloads: what the
// registry (actions.ts) and what each outcome tells sponsors (sponsor-events.ts)
// are built from.
import type { z } from 'zod';
import { accountActions } from './modules/accounts/actions.ts';
import { adminActions } from './modules/admin/actions.ts';
import { applicationActions } from './modules/applications/actions.ts';
import { badgeActions } from './modules/badges/actions.ts';
import { stakingActions } from './modules/staking/actions.ts';
import { tokenActions } from './modules/tokens/actions.ts';

export const definitions = [
  ...accountActions,
  ...tokenActions,
  ...stakingActions,
  ...badgeActions,
  ...adminActions,
  ...applicationActions,
] as const;

export type ChainAction = z.output<(typeof definitions)[number]['schema']>;
export type ChainActionType = ChainAction['type'];
