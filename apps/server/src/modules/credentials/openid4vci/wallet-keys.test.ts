import { describe, expect, it } from 'vitest';
import {
  asymmetricKeyProblem,
  issuedAtProblem,
  jwkOfDidJwk,
  PROOF_MAX_AGE_SECONDS,
  walletKeyProblem,
} from './wallet-keys.ts';

const P256 = { kty: 'EC', crv: 'P-256', x: 'x', y: 'y' };
const ED25519 = { kty: 'OKP', crv: 'Ed25519', x: 'x' };
const RSA = { kty: 'RSA', n: 'n', e: 'AQAB' };

describe('the keys a wallet may sign with', () => {
  it('takes an allowed algorithm with a public key of its type', () => {
    expect(walletKeyProblem('ES256', P256)).toBeNull();
    expect(walletKeyProblem('EdDSA', ED25519)).toBeNull();
    expect(walletKeyProblem('Ed25519', ED25519)).toBeNull();
    expect(walletKeyProblem('PS256', RSA)).toBeNull();
  });

  it('refuses symmetric algorithms and keys, none, and asymmetric algorithms off the list', () => {
    expect(walletKeyProblem('HS256', { kty: 'oct', k: 'c2VjcmV0' })).toMatch(/^alg 'HS256'/);
    expect(walletKeyProblem('none', P256)).toMatch(/^alg 'none'/);
    expect(walletKeyProblem('RS512', RSA)).toMatch(/^alg 'RS512'/);
    expect(asymmetricKeyProblem('HS256', { kty: 'oct', k: 'c2VjcmV0' })).toBe(
      "'HS256' is not an asymmetric signature algorithm",
    );
  });

  it('refuses private key material and a key of another type or curve', () => {
    expect(walletKeyProblem('ES256', { ...P256, d: 'secret' })).toBe(
      "the key must be a public key, without 'd'",
    );
    expect(walletKeyProblem('ES256', { ...P256, crv: 'P-384' })).toBe(
      "'ES256' needs kty EC crv P-256, not kty EC crv P-384",
    );
    expect(walletKeyProblem('EdDSA', { ...ED25519, crv: 'Ed448' })).toMatch(/needs kty OKP/);
    expect(walletKeyProblem('RS256', P256)).toBe("'RS256' needs kty RSA, not kty EC crv P-256");
  });

  it('takes an iat of the last five minutes or a minute ahead, and no other', () => {
    const now = new Date('2026-11-28T12:00:00Z');
    const seconds = now.getTime() / 1000;
    expect(issuedAtProblem(seconds, now)).toBeNull();
    expect(issuedAtProblem(seconds - PROOF_MAX_AGE_SECONDS, now)).toBeNull();
    expect(issuedAtProblem(seconds + 60, now)).toBeNull();
    expect(issuedAtProblem(seconds - PROOF_MAX_AGE_SECONDS - 1, now)).toMatch(/seconds old$/);
    expect(issuedAtProblem(seconds + 61, now)).toBe("'iat' is in the future");
    expect(issuedAtProblem(undefined, now)).toBe("'iat' is missing");
    expect(issuedAtProblem('1795860000', now)).toBe("'iat' is missing");
  });

  it('reads the key of a did:jwk, and nothing of another DID or of a broken one', () => {
    const did = `did:jwk:${Buffer.from(JSON.stringify(P256)).toString('base64url')}`;
    expect(jwkOfDidJwk(`${did}#0`)).toEqual(P256);
    expect(jwkOfDidJwk('did:key:z6Mk')).toBeNull();
    expect(jwkOfDidJwk('did:jwk:not-json')).toBeNull();
  });
});
