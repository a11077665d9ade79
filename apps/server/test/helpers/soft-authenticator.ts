// A passkey authenticator in software, for tests that play the person's
// device: it makes a P-256 credential (WebAuthn's "none" attestation) and
// signs assertions as a platform authenticator would, so the server checks
// them with the same library and rules as a browser's.
import {
  createHash,
  createPrivateKey,
  createSign,
  generateKeyPairSync,
  randomBytes,
} from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

export interface SoftAuthenticator {
  credentialId: Uint8Array;
  privateKey: KeyObject;
  userHandle: Uint8Array;
  /** The signature counter it shows next (time-based, so separate runs keep rising). */
  nextCount(): number;
}

/** A new authenticator, or one made from a known PKCS#8 key (a browser's virtual one shares it). */
export function softAuthenticator(known?: {
  privateKeyPkcs8: Buffer;
  credentialId: Uint8Array;
  userHandle: Uint8Array;
}): SoftAuthenticator {
  const privateKey = known
    ? createPrivateKey({ key: known.privateKeyPkcs8, format: 'der', type: 'pkcs8' })
    : generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey;
  let last = 0;
  return {
    credentialId: known?.credentialId ?? new Uint8Array(randomBytes(32)),
    privateKey,
    userHandle: known?.userHandle ?? new Uint8Array(randomBytes(16)),
    nextCount() {
      // Tenths of a second since 2026-11-01: above every earlier count of the same credential.
      last = Math.max(last + 1, Math.floor((Date.now() - Date.UTC(2026, 10, 1)) / 100));
      return last;
    },
  };
}

const b64url = (data: Uint8Array | string) => Buffer.from(data).toString('base64url');
const sha256 = (data: Uint8Array | string) =>
  new Uint8Array(createHash('sha256').update(data).digest());
const uint32 = (value: number) => {
  const bytes = new Uint8Array(4);
  new DataView(bytes.buffer).setUint32(0, value);
  return bytes;
};
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
};

/** The credential's public key as COSE (EC2, ES256, P-256). */
function cosePublicKey(authenticator: SoftAuthenticator): Uint8Array {
  const jwk = authenticator.privateKey.export({ format: 'jwk' });
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, isoBase64URL.toBuffer(jwk.x!)],
      [-3, isoBase64URL.toBuffer(jwk.y!)],
    ]),
  );
}

const clientData = (type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string) =>
  JSON.stringify({ type, challenge, origin, crossOrigin: false });

/** The answer of startRegistration to `options` (registration options the server made). */
export function register(
  authenticator: SoftAuthenticator,
  options: { challenge: string; rp: { id?: string } },
  origin: string,
) {
  const rpId = options.rp.id ?? new URL(origin).hostname;
  const authData = concat(
    sha256(rpId),
    new Uint8Array([0x45]), // user present, user verified, attested credential data
    uint32(authenticator.nextCount()),
    new Uint8Array(16), // AAGUID: none
    new Uint8Array([
      authenticator.credentialId.length >> 8,
      authenticator.credentialId.length & 0xff,
    ]),
    authenticator.credentialId,
    cosePublicKey(authenticator),
  );
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ['fmt', 'none'],
      ['attStmt', new Map()],
      ['authData', authData],
    ]) as never,
  );
  const id = b64url(authenticator.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(clientData('webauthn.create', options.challenge, origin)),
      attestationObject: b64url(attestationObject),
      transports: ['internal'],
    },
    clientExtensionResults: {},
  };
}

/** The answer of startAuthentication to `options` (a request the server made). */
export function assert(
  authenticator: SoftAuthenticator,
  options: { challenge: string; rpId?: string },
  origin: string,
) {
  const rpId = options.rpId ?? new URL(origin).hostname;
  const authData = concat(sha256(rpId), new Uint8Array([0x05]), uint32(authenticator.nextCount()));
  const clientDataJSON = clientData('webauthn.get', options.challenge, origin);
  const signer = createSign('SHA256');
  signer.update(concat(authData, sha256(clientDataJSON)));
  const id = b64url(authenticator.credentialId);
  return {
    id,
    rawId: id,
    type: 'public-key' as const,
    response: {
      clientDataJSON: b64url(clientDataJSON),
      authenticatorData: b64url(authData),
      signature: b64url(new Uint8Array(signer.sign(authenticator.privateKey))),
      userHandle: b64url(authenticator.userHandle),
    },
    clientExtensionResults: {},
  };
}

/** The credential's public key as the server stores it (base64url COSE), to enrol it directly. */
export const storedPublicKey = (authenticator: SoftAuthenticator) =>
  b64url(cosePublicKey(authenticator));
