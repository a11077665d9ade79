// Test support for Open Badges credentials: 1EdTech's AchievementCredential
// JSON Schema (ajv, draft 2019-09), a small real PNG, and award facts as a
// claimed award provides them.
import { randomUUID } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import encodeChunks from 'png-chunks-encode';
import type { AppContext } from '../../src/context.ts';
import type { AwardFacts } from '../../src/modules/credentials/award-facts.ts';
import { mintBadgeToken, type MintedBadgeToken } from './badge-token.ts';

// The 1EdTech schemas are compiled where the verifier uses them too.
export {
  achievementCredentialErrors,
  profileErrors,
} from '../../src/modules/credentials/ob-schema.ts';

/** A real RGB PNG of the given size (filled with one colour). */
export function makePng(width = 4, height = 4, rgb: [number, number, number] = [20, 120, 220]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array(width).fill(rgb).flat())]);
  const pixels = deflateSync(Buffer.concat(Array(height).fill(row)));
  return Buffer.from(
    encodeChunks([
      { name: 'IHDR', data: header },
      { name: 'IDAT', data: pixels },
      { name: 'IEND', data: new Uint8Array(0) },
    ]),
  );
}

/** Award facts as the claim flow gives them; the chain proof is a placeholder unless given. */
export function sampleAwardFacts(overrides: Partial<AwardFacts> = {}): AwardFacts {
  return {
    awardId: randomUUID(),
    earner: {
      userId: randomUUID(),
      email: 'Ada.Lovelace@example.org',
      wallet: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      fullName: 'Ada Lovelace',
    },
    badge: {
      id: randomUUID(),
      name: 'Analytical Engine Programmer',
      description: 'Wrote a program for the Analytical Engine.',
      criteria: 'Write and explain a program that computes Bernoulli numbers on the engine.',
      imageUrl: '/gs-api/ipfs/bafkreihdwdcefgh4dqkjv67uzcmw7ojee6xedzdetojuzjevtenxquvyku',
      expiresAt: null,
    },
    sponsor: { id: randomUUID(), name: 'Babbage Institute' },
    evidence: 'Notes G on the Analytical Engine.',
    issuedAt: new Date('2025-03-01T10:00:00.000Z'),
    chainProof: {
      chainId: 137,
      transactionHash: `0x${'ab'.repeat(32)}`,
      tokenContract: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      tokenId: 7n,
    },
    ...overrides,
  };
}

/** A claimed award whose chain proof is real: the badge token is minted on the platform's chain first. */
export async function claimedAwardFacts(
  ctx: Pick<AppContext, 'chain' | 'contracts' | 'db' | 'keystore'>,
  earner: { id: string; email: string; address: `0x${string}` },
  options: { imageUrl: string; expiresAt?: Date | null; evidence?: string | null },
): Promise<{ facts: AwardFacts; minted: MintedBadgeToken }> {
  const minted = await mintBadgeToken(ctx, earner.address);
  const facts = sampleAwardFacts({
    awardId: `award-${minted.requestId}`,
    earner: {
      userId: earner.id,
      email: earner.email,
      wallet: earner.address,
      fullName: 'Grace Hopper',
    },
    badge: {
      id: randomUUID(),
      name: 'Compiler Pioneer',
      description: 'Built the first compiler for a computer programming language.',
      criteria: 'Design and run a compiler that turns readable instructions into machine code.',
      imageUrl: options.imageUrl,
      expiresAt: options.expiresAt ?? null,
    },
    sponsor: { id: randomUUID(), name: 'Navy Computing Lab' },
    evidence: options.evidence === undefined ? 'A-0 system source and run logs.' : options.evidence,
    issuedAt: minted.claimedAt,
    chainProof: {
      chainId: ctx.chain.chain.id,
      transactionHash: minted.transactionHash,
      tokenContract: ctx.contracts.badgeToken,
      tokenId: minted.tokenId,
    },
  });
  return { facts, minted };
}
