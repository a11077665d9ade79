// The answer of a verification for a person: the verdict first (verified,
// signed by another issuer, revoked, expired, not verified, or not a badge at
// all), what the credential says, then each named check with its verdict in
// words. Green is kept for this platform's own badge, proven end to end.
// Long values (wallets, hashes, identifiers) wrap, so the page fits a phone.
import {
  VERIFICATION_VERDICT_TEXTS,
  type VerificationCheck,
  type VerificationReport as Report,
} from '@gets/schema';
import { AlertIcon, VerifiedIcon } from '@/components/icons/icons';
import { formatDate } from '@/lib/format';

const CHECK_LABELS: Record<VerificationCheck['check'], string> = {
  signature: 'Signature',
  schema: 'Format',
  issuer: 'Issuer',
  validity: 'Validity dates',
  status: 'Status',
  chain: 'Chain record',
};

type Tone = 'good' | 'neutral' | 'bad';

/** Green only for this platform's own badge proven end to end; another issuer's is neutral. */
const TONES: Record<Report['verdict'], Tone> = {
  verified: 'good',
  otherIssuer: 'neutral',
  revoked: 'bad',
  expired: 'bad',
  notVerified: 'bad',
  notABadge: 'bad',
};

const TONE_CLASSES: Record<Tone, { box: string; icon: string }> = {
  good: { box: 'border-emerald-200 bg-emerald-50', icon: 'text-emerald-600' },
  neutral: { box: 'border-amber-200 bg-amber-50', icon: 'text-amber-600' },
  bad: { box: 'border-red-200 bg-red-50', icon: 'text-red-600' },
};

function verdictOf(report: Report) {
  const words = VERIFICATION_VERDICT_TEXTS[report.verdict];
  return { title: words.title, text: words.text ?? report.notABadge, tone: TONES[report.verdict] };
}

/** Only an http(s) image: never a data: URI or a script URL a credential could carry. */
const isWebImage = (url: string) => /^https?:\/\//i.test(url);

const dateOrNull = (iso: string | null) => (iso ? formatDate(iso) : null);

/**
 * A wallet, a transaction hash or a URL is one long word: it breaks anywhere
 * rather than widen the page (the public page was 637 px wide at 375 px). In a
 * flex or grid item, with min-w-0 on the item, so the item may shrink below it.
 */
const WRAP_ANYWHERE = 'break-words [overflow-wrap:anywhere]';

export function VerificationReport({ report }: { report: Report }) {
  const verdict = verdictOf(report);
  const summary = report.credential;
  const tone = TONE_CLASSES[verdict.tone];
  return (
    <section aria-labelledby="verification-verdict" className="mt-8 space-y-6">
      <div role="status" className={`flex items-start gap-4 rounded-2xl border p-5 ${tone.box}`}>
        <span className={`text-3xl ${tone.icon}`}>
          {verdict.tone === 'good' ? <VerifiedIcon /> : <AlertIcon />}
        </span>
        <div className="min-w-0">
          <h2 id="verification-verdict" className="text-xl font-bold text-slate-900">
            {verdict.title}
          </h2>
          <p className={`mt-1 text-sm text-slate-700 ${WRAP_ANYWHERE}`}>{verdict.text}</p>
        </div>
      </div>

      {summary && (
        <div className="flex flex-col gap-5 rounded-2xl border border-slate-200 p-5 sm:flex-row">
          {summary.imageUrl && isWebImage(summary.imageUrl) && (
            <img
              src={summary.imageUrl}
              alt={summary.badgeName ? `${summary.badgeName} badge` : 'Badge'}
              className="size-28 shrink-0 rounded-xl border border-slate-100 object-contain"
            />
          )}
          <dl className="grid min-w-0 flex-1 grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
            <Item label="Badge" value={summary.badgeName} />
            <Item label="Earned by" value={summary.earnerName} />
            {/* Another issuer is named by its identifier, never by the name it gives itself. */}
            <Item
              label="Issued by"
              value={summary.issuerName ?? summary.issuerId}
              mono={!summary.issuerName}
            />
            <Item label="Created by" value={summary.sponsorName} />
            <Item label="Issued on" value={dateOrNull(summary.issuedAt)} />
            {/* The credential's own validity, not the badge's application or claim dates. */}
            <Item
              label="Credential valid until"
              value={
                dateOrNull(summary.expiresAt) ?? 'No end date (the credential does not expire)'
              }
            />
            <Item label="Wallet" value={summary.earnerWallet} mono />
            {summary.criteria && <Item label="Criteria" value={summary.criteria} wide />}
          </dl>
        </div>
      )}

      {report.checks.length > 0 && (
        <ul aria-label="Checks" className="space-y-3">
          {report.checks.map((check) => (
            <li
              key={check.check}
              className="flex items-start gap-3 rounded-2xl border border-slate-200 p-4"
            >
              <span
                aria-hidden="true"
                className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-xs font-bold text-white ${
                  check.outcome === 'passed'
                    ? 'bg-emerald-600'
                    : check.outcome === 'failed'
                      ? 'bg-red-600'
                      : 'bg-amber-500'
                }`}
              >
                {check.outcome === 'passed' ? '✓' : check.outcome === 'failed' ? '✕' : '?'}
              </span>
              <div className="min-w-0">
                <h3 className={`font-semibold text-slate-900 ${WRAP_ANYWHERE}`}>
                  {CHECK_LABELS[check.check]}: {check.title}
                </h3>
                <p className={`mt-1 text-sm text-slate-600 ${WRAP_ANYWHERE}`}>{check.detail}</p>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Item({
  label,
  value,
  mono,
  wide,
}: {
  label: string;
  value: string | null;
  mono?: boolean;
  wide?: boolean;
}) {
  if (!value) return null;
  return (
    <div className={`min-w-0 ${wide ? 'sm:col-span-2' : ''}`}>
      <dt className="text-xs font-semibold tracking-wide text-slate-500 uppercase">{label}</dt>
      <dd className={`text-slate-900 ${mono ? 'font-mono text-xs break-all' : WRAP_ANYWHERE}`}>
        {value}
      </dd>
    </div>
  );
}
