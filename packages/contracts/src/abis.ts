// The ABI of each deployed contract, keyed like PlatformContracts, for event decoding.
import { platformForwarderAbi } from './generated/PlatformForwarder.ts';
import { getsTokenAbi } from './generated/GetsToken.ts';
import { platformSettingsAbi } from './generated/PlatformSettings.ts';
import { userRegistryAbi } from './generated/UserRegistry.ts';
import { badgeEscrowAbi } from './generated/BadgeEscrow.ts';
import { badgeTokenAbi } from './generated/BadgeToken.ts';
import { communityTreasureAbi } from './generated/CommunityTreasure.ts';

export const platformAbis = {
  forwarder: platformForwarderAbi,
  token: getsTokenAbi,
  settings: platformSettingsAbi,
  registry: userRegistryAbi,
  badges: badgeEscrowAbi,
  badgeToken: badgeTokenAbi,
  treasure: communityTreasureAbi,
} as const;
