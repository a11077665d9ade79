// A forger's badge, made as a forger would: their own Ed25519 key as a
// did:key, an OpenBadgeCredential that calls its issuer "GETS Badges", shows
// a data: image, names one of the platform's status lists, and is signed as a
// VC-JWT with that key. What the platform's verifier must never vouch for.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { importJWK, SignJWT } from 'jose';
import { base58btc } from 'multiformats/bases/base58';

/** The multicodec prefix of an Ed25519 public key (0xed, as a varint). */
const ED25519_PUBLIC_KEY_CODEC = [0xed, 0x01];

export async function forgedBadgeJwt(platformUrl: string, badgeName: string) {
  const jwk = generateKeyPairSync('ed25519').privateKey.export({ format: 'jwk' });
  const publicKey = Buffer.from(jwk.x!, 'base64url');
  const did = `did:key:${base58btc.encode(Uint8Array.from([...ED25519_PUBLIC_KEY_CODEC, ...publicKey]))}`;
  const id = `urn:uuid:${randomUUID()}`;
  const subject = `did:pkh:eip155:31337:0x70997970C51812dc3A010C7d01b50e0d17dc79C8`;
  const validFrom = '2026-01-05T10:00:00Z';
  const credential = {
    '@context': [
      'https://www.w3.org/ns/credentials/v2',
      'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json',
    ],
    id,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: badgeName,
    issuer: { id: did, type: ['Profile'], name: 'GETS Badges' },
    validFrom,
    credentialSubject: {
      id: subject,
      type: ['AchievementSubject'],
      achievement: {
        id: `${platformUrl}/badge/${randomUUID()}`,
        type: ['Achievement'],
        name: badgeName,
        description: 'Awarded by nobody.',
        criteria: { narrative: 'None.' },
        image: { id: 'data:image/png;base64,iVBORw0KGgo=', type: 'Image' },
        creator: { id: did, type: ['Profile'], name: 'GETS Badges' },
      },
    },
    credentialStatus: {
      id: `${platformUrl}/gs-api/credentials/status/${randomUUID()}#7`,
      type: 'BitstringStatusListEntry',
      statusPurpose: 'revocation',
      statusListIndex: '7',
      statusListCredential: `${platformUrl}/gs-api/credentials/status/${randomUUID()}`,
    },
  };
  const jwt = await new SignJWT({ ...credential })
    .setProtectedHeader({
      alg: 'EdDSA',
      typ: 'vc+jwt',
      kid: `${did}#${did.slice('did:key:'.length)}`,
    })
    .setIssuer(did)
    .setJti(id)
    .setSubject(subject)
    .setNotBefore(Date.parse(validFrom) / 1000)
    .sign(await importJWK(jwk as Parameters<typeof importJWK>[0], 'EdDSA'));
  return { jwt, did };
}
