// Turns receipt logs into the events the spec's clients read (`requestId`,
// `badgeId`, `stakeId`), with numbers as strings, in log order; an action's
// leading event goes first in what its owner is answered (the stake's Staked,
// for the spec's `events[0].args.stakeId`: action-registry.ts eventsForClient).
import { decodeEventLog, type Abi, type Log } from 'viem';
import { platformAbis, type PlatformContracts } from '@gets/contracts';

export interface DecodedEvent {
  eventName: string;
  address: string;
  args: Record<string, string | boolean | string[]>;
}

function plain(value: unknown): string | boolean | string[] {
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'boolean' || typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (Array.isArray(value)) return value.map((v) => String(plain(v)));
  return String(value);
}

export function eventDecoder(contracts: PlatformContracts) {
  const abiByAddress = new Map<string, Abi>(
    Object.entries(contracts).map(([name, address]) => [
      address.toLowerCase(),
      platformAbis[name as keyof typeof platformAbis] as Abi,
    ]),
  );
  return (log: Pick<Log, 'address' | 'data' | 'topics'>): DecodedEvent | null => {
    const abi = abiByAddress.get(log.address.toLowerCase());
    if (!abi) return null;
    try {
      const decoded = decodeEventLog({ abi, data: log.data, topics: log.topics });
      const args = Object.fromEntries(
        Object.entries((decoded.args ?? {}) as Record<string, unknown>).map(([k, v]) => [
          k,
          plain(v),
        ]),
      );
      return { eventName: decoded.eventName ?? 'unknown', address: log.address, args };
    } catch {
      return null;
    }
  };
}
