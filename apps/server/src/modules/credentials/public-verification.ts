// Verification for anyone (POST /verify, GET /verify/{id}), bounded. The
// chain record is read on the public-read client, never the pipeline's. A
// stored credential's report is kept for 30 s by id and revocation (its row
// is read each time, so a revocation shows at once), 3 s when a check did not
// run (the chain busy just then). A credential sent is checked afresh each time (a person re-checking
// a file after a revocation sees it at once); the same text sent while it is
// being checked shares that check. A check is tens of milliseconds of CPU:
// this process starts at most `verificationsPerSecond` a second, two at once,
// so a flood from many addresses cannot take the CPU from everything else
// (the relay, in MODE=all); past two seconds of waiting ones, 503, try again.
import { createHash } from 'node:crypto';
import type { VerificationReport, VerifyRequest } from '@gets/schema';
import { createCallGate } from '../../chain/call-gate.ts';
import { forPublicReads } from '../../chain/chain.ts';
import { publicReadsBusy } from '../../chain/public-reads.ts';
import type { AppContext } from '../../context.ts';
import { shortCache } from '../../http/short-cache.ts';
import { findCredentialById } from './credential-repository.ts';
import { verifyCredential, verifyStoredCredential, type VerifyDeps } from './verify.ts';

/** A report is kept this long, or this briefly when one of its checks did not run. */
const REPORT_KEPT_MS = 30_000;
const PARTIAL_REPORT_KEPT_MS = 3_000;
/** Reports kept per process, at most. */
const REPORTS_KEPT = 10_000;

export interface PublicVerification {
  /** The report of a credential this platform stored, by its id. */
  stored(credentialId: string): Promise<VerificationReport>;
  /** The report of a credential sent to be verified. */
  sent(credential: VerifyRequest['credential']): Promise<VerificationReport>;
}

export function publicVerification(
  ctx: VerifyDeps & Pick<AppContext, 'config'>,
): PublicVerification {
  const deps = { ...ctx, chain: forPublicReads(ctx.chain) };
  const perSecond = ctx.config.publicReads.verificationsPerSecond;
  const verifications = createCallGate({
    concurrency: 2,
    perSecond,
    maxWaiting: 2 * perSecond,
    what: 'verifications',
  });
  const kept = (ttlMs: (report: VerificationReport) => number) => {
    const reports = shortCache<string, VerificationReport>({ ttlMs, maxEntries: REPORTS_KEPT });
    return (key: string, verify: () => Promise<VerificationReport>) =>
      reports
        .get(key, () => verifications.run(verify))
        .catch((error: unknown) => {
          throw publicReadsBusy(error) ?? error;
        });
  };
  const stored = kept((report) =>
    report.checks.every((check) => check.outcome !== 'skipped')
      ? REPORT_KEPT_MS
      : PARTIAL_REPORT_KEPT_MS,
  );
  const sent = kept(() => 0);
  return {
    stored: async (id) => {
      // One database read keys the report by the credential's revocation: what a kept report
      // saves is the chain's reads and the signature check, never the news of a revocation.
      const credential = await findCredentialById(deps.db, id);
      if (!credential) return verifyStoredCredential(deps, id);
      const revoked = credential.revokedAt?.toISOString() ?? 'not revoked';
      return stored(`${id} ${revoked}`, () => verifyStoredCredential(deps, id));
    },
    sent: (credential) =>
      sent(createHash('sha256').update(JSON.stringify(credential)).digest('base64url'), () =>
        verifyCredential(deps, credential),
      ),
  };
}
