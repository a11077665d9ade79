// Who passkeys are made for: the platform's host (WebAuthn's relying party)
// and the web origins a ceremony may come from.
import { PRODUCT_NAME } from '@gets/schema';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { AppContext } from '../../context.ts';

export interface RelyingParty {
  id: string;
  name: string;
  /** Whether a ceremony's clientDataJSON origin is the platform's. */
  allows(origin: string): boolean;
}

const LOOPBACK = new Set(['127.0.0.1', '[::1]', '::1']);

/**
 * The relying party of PUBLIC_URL (else the URL this process listens on). A
 * browser refuses an IP address as a relying party id, so a loopback address
 * is named `localhost`; on localhost any port is the platform (a dev server
 * in front of the API), elsewhere only the public origin is.
 */
export function relyingParty(deps: Pick<AppContext, 'publicUrl'>): RelyingParty {
  const base = new URL(deps.publicUrl() ?? 'http://localhost');
  const id = LOOPBACK.has(base.hostname) ? 'localhost' : base.hostname;
  return {
    id,
    name: PRODUCT_NAME,
    allows(origin) {
      if (origin === base.origin) return true;
      if (id !== 'localhost') return false;
      try {
        const given = new URL(origin);
        return given.hostname === 'localhost' || LOOPBACK.has(given.hostname);
      } catch {
        return false;
      }
    },
  };
}

/**
 * The origin a ceremony's clientDataJSON names, when it is the platform's;
 * else null. The library then checks the ceremony against that one origin.
 */
export function ceremonyOrigin(rp: RelyingParty, clientDataJSON: string): string | null {
  try {
    const { origin } = JSON.parse(isoBase64URL.toUTF8String(clientDataJSON)) as {
      origin?: unknown;
    };
    return typeof origin === 'string' && rp.allows(origin) ? origin : null;
  } catch {
    return null;
  }
}
