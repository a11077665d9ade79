// DCC's verifier (@digitalcredentials/verifier-core, what its wallet and
// VerifierPlus run) against a test platform, offline. It takes no document
// loader: it fetches with the global fetch. So for the length of one call,
// fetch is replaced by one that forwards the platform's own URLs to the
// platform, answers JSON-LD contexts and 1EdTech's JSON Schema from local
// copies, and refuses everything else. Every request is recorded, so a test
// can show what the verifier asked for and that it stayed offline.
import fs from 'node:fs';
import path from 'node:path';
import { verifyCredential } from '@digitalcredentials/verifier-core';
import { offlineDocumentLoader } from '../../src/modules/credentials/data-integrity.ts';
import { OB_CREDENTIAL_SCHEMA } from '../../src/modules/credentials/open-badge-credential.ts';
import type { TestPlatform } from './test-platform.ts';

type Json = Record<string, unknown>;
export type DccVerification = Awaited<ReturnType<typeof verifyCredential>>;

export interface DccRequest {
  url: string;
  accept: string | null;
  /** Who answered: the platform, a local copy, or nobody (the request was refused). */
  answeredBy: 'platform' | 'local' | 'refused';
  /** The platform's content type, for the requests it answered. */
  contentType?: string | null;
}

/** 1EdTech's JSON Schema, kept unchanged in the module's reference folder, at the URL credentials name. */
const localSchemas = new Map<string, string>([
  [
    OB_CREDENTIAL_SCHEMA.id,
    fs.readFileSync(
      path.join(
        import.meta.dirname,
        '../../src/modules/credentials/reference/achievementcredential.schema.json',
      ),
      'utf8',
    ),
  ],
]);

/** The local copy of a context (npm packages) or schema; null when there is none. */
async function localCopyOf(url: string): Promise<string | null> {
  const schema = localSchemas.get(url);
  if (schema) return schema;
  try {
    const { document } = await offlineDocumentLoader()(url);
    return JSON.stringify(document);
  } catch {
    return null;
  }
}

const urlOf = (input: string | URL | Request) =>
  typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;

const acceptOf = (input: string | URL | Request, init?: RequestInit) =>
  new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get(
    'accept',
  );

/**
 * Verifies a credential with DCC's verifier, as a wallet would, with no issuer
 * registry (this platform is in none): the log's valid_signature,
 * revocation_status and expiration entries are what the verifier concluded.
 * `tamper` may rewrite what the platform answers (a test's man in the middle).
 */
export async function verifyWithDcc(
  platform: Pick<TestPlatform, 'url' | 'ctx'>,
  credential: Json,
  options: { tamper?: (url: string, body: string) => string } = {},
): Promise<{ result: DccVerification; requests: DccRequest[] }> {
  const requests: DccRequest[] = [];
  const realFetch = globalThis.fetch;
  const offlineFetch = async (input: string | URL | Request, init?: RequestInit) => {
    const url = urlOf(input);
    // The platform runs in this process: its own chain client's calls pass, unrecorded
    // (the verifier never asks for the chain).
    if (url === platform.ctx.chain.rpcUrl) return realFetch(input, init);
    const accept = acceptOf(input, init);
    if (url.startsWith(`${platform.url}/`)) {
      const response = await realFetch(input, init);
      const contentType = response.headers.get('content-type');
      requests.push({ url, accept, answeredBy: 'platform', contentType });
      if (!options.tamper) return response;
      return new Response(options.tamper(url, await response.text()), {
        status: response.status,
        headers: contentType ? { 'content-type': contentType } : {},
      });
    }
    const local = await localCopyOf(url);
    requests.push({ url, accept, answeredBy: local === null ? 'refused' : 'local' });
    if (local === null) throw new TypeError(`fetch failed: offline, ${url} refused`);
    return new Response(local, { headers: { 'content-type': 'application/ld+json' } });
  };
  globalThis.fetch = offlineFetch as typeof fetch;
  try {
    const result = await verifyCredential({
      credential: credential as unknown as Parameters<typeof verifyCredential>[0]['credential'],
      knownDIDRegistries: [],
    });
    return { result, requests };
  } finally {
    globalThis.fetch = realFetch;
  }
}

/** The verifier's conclusion for one step of its log (valid_signature, revocation_status, expiration…). */
export function dccStep(result: DccVerification, id: string) {
  return result.log?.find((step) => step.id === id);
}
