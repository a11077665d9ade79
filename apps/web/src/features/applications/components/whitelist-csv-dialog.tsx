// "Whitelist from CSV" on a private badge's Applications page: the sponsor
// picks or drops a CSV file (one bare email or wallet address per row, header
// optional), the server previews every row with its kind and the counts, and
// Confirm whitelists every earner's wallet in one consent and invites every
// email (decision 0063: an email row says nothing of an account; the person
// accepts first), with the progress of a file queued in several parts. A
// file with more emails to invite than the sponsor has left today says so,
// and has no Confirm.
import { useId, useState } from 'react';
import {
  invitationsLeftMessage,
  tooManyInvitationsMessage,
  WHITELIST_CSV_MAX_ROWS,
  WHITELIST_ROW_KINDS,
  type Badge,
  type WhitelistCsvPreview,
  type WhitelistRowKind,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/features/custody';
import {
  previewWhitelistCsv,
  useWhitelistFromCsv,
  WHITELIST_CSV_TITLE,
} from '../api/whitelist-from-csv';
import { formatNumber } from '@/lib/format';

const KIND_LABELS: Record<WhitelistRowKind, string> = {
  ready: 'Wallet to whitelist',
  invite: 'Invitation',
  duplicate: 'Duplicate',
  invalid: 'Invalid',
  unsubscribed: 'Unsubscribed',
};
const KIND_STYLES: Record<WhitelistRowKind, string> = {
  ready: 'bg-emerald-50 text-emerald-800',
  invite: 'bg-sky-50 text-sky-800',
  duplicate: 'bg-amber-50 text-amber-800',
  invalid: 'bg-red-50 text-red-800',
  unsubscribed: 'bg-slate-100 text-slate-700',
};

const plural = (count: number, one: string) => `${count} ${one}${count === 1 ? '' : 's'}`;

/** The words of the Confirm button: how many wallets will be whitelisted and emails invited. */
export function confirmLabel(preview: WhitelistCsvPreview): string {
  const { ready, invite } = preview.counts;
  if (ready === 0) return `Send ${plural(invite, 'invitation')}`;
  return `Whitelist ${plural(ready, 'wallet')}${invite > 0 ? ` and invite ${plural(invite, 'email')}` : ''}`;
}

/** What confirming the file will do, in words, before the sponsor confirms it. */
export function whatHappens(preview: WhitelistCsvPreview): string[] {
  const { ready, invite } = preview.counts;
  return [
    ...(ready > 0
      ? [
          `${plural(ready, 'wallet')} of earners ${ready === 1 ? 'goes' : 'go'} on this badge's whitelist once you consent.`,
        ]
      : []),
    ...(invite > 0
      ? [
          `${plural(invite, 'email')} ${invite === 1 ? 'gets' : 'get'} an invitation. Each person accepts it on the platform (registering first if they have no account), and only then can you whitelist them. You will not see who has an account.`,
        ]
      : []),
  ];
}

export function WhitelistCsvDialog({
  badge,
  open,
  onClose,
}: {
  badge: Badge;
  open: boolean;
  onClose: () => void;
}) {
  const inputId = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [preview, setPreview] = useState<WhitelistCsvPreview | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reading, setReading] = useState(false);
  const [dragging, setDragging] = useState(false);
  const { confirm, isConfirming, progress } = useWhitelistFromCsv();

  function reset() {
    setCsv(null);
    setFileName(null);
    setPreview(null);
    setError(null);
  }

  async function read(file: File | undefined) {
    if (!file) return;
    reset();
    setFileName(file.name);
    setReading(true);
    try {
      const text = await file.text();
      const answer = await previewWhitelistCsv(badge, text);
      if (answer.success) {
        setCsv(text);
        setPreview(answer.data);
      } else {
        setError(answer.message);
      }
    } finally {
      setReading(false);
    }
  }

  async function submit() {
    if (!csv || !preview) return;
    if (await confirm(badge, csv, preview)) {
      reset();
      onClose();
    }
  }

  const close = () => {
    if (isConfirming) return;
    reset();
    onClose();
  };
  const overLimit = preview && preview.counts.invite > preview.invitations.leftToday;
  const actionable = preview && !overLimit && preview.counts.ready + preview.counts.invite > 0;

  return (
    <Modal
      open={open}
      title={WHITELIST_CSV_TITLE}
      onClose={close}
      dismissible={!isConfirming}
      size="lg"
      description={`One bare email address (name@example.org, no name or brackets) or wallet address per row, a header row optional, at most ${formatNumber(WHITELIST_CSV_MAX_ROWS)} rows. Earners' wallet addresses are whitelisted in one consent. Every email gets an invitation to accept on the platform; nobody is whitelisted by email until they accept.`}
    >
      <div
        data-testid="csv-drop-zone"
        className={`rounded-xl border-2 border-dashed p-4 text-sm ${
          dragging ? 'border-brand-700 bg-brand-50' : 'border-slate-300'
        }`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(event) => {
          event.preventDefault();
          setDragging(false);
          void read(event.dataTransfer.files[0]);
        }}
      >
        <label htmlFor={inputId} className="block font-medium text-slate-900">
          CSV file
        </label>
        <input
          id={inputId}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="mt-2 block w-full text-sm"
          disabled={isConfirming}
          onChange={(event) => void read(event.target.files?.[0])}
        />
        <p className="mt-2 text-xs text-slate-500">or drop the file here</p>
      </div>

      {reading && (
        <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> Reading {fileName}...
        </p>
      )}
      {error && (
        <p role="alert" className="mt-4 text-sm font-medium text-red-700">
          {error}
        </p>
      )}

      {preview && (
        <>
          <ul aria-label="Row counts" className="mt-4 flex flex-wrap gap-2 text-xs font-semibold">
            {WHITELIST_ROW_KINDS.map((kind) => (
              <li key={kind} className={`rounded-full px-3 py-1 ${KIND_STYLES[kind]}`}>
                {KIND_LABELS[kind]}: {preview.counts[kind]}
              </li>
            ))}
          </ul>
          <div className="mt-3 max-h-72 overflow-auto rounded-lg border border-slate-200">
            <table className="w-full text-left text-xs">
              <caption className="sr-only">Rows of {fileName}</caption>
              <thead className="sticky top-0 bg-slate-50 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    Line
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Email or wallet
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Kind
                  </th>
                  <th scope="col" className="px-3 py-2">
                    Details
                  </th>
                </tr>
              </thead>
              <tbody>
                {preview.rows.map((row) => (
                  <tr key={row.line} className="border-t border-slate-100">
                    <td className="px-3 py-1.5 text-slate-500">{row.line}</td>
                    <td className="px-3 py-1.5 font-mono break-all">{row.value}</td>
                    <td className="px-3 py-1.5">
                      <span className={`rounded-full px-2 py-0.5 ${KIND_STYLES[row.kind]}`}>
                        {KIND_LABELS[row.kind]}
                      </span>
                    </td>
                    <td className="px-3 py-1.5 text-slate-600">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {!overLimit && whatHappens(preview).length > 0 && (
            <div
              aria-label="What happens"
              role="group"
              className="mt-3 space-y-1 text-sm text-slate-700"
            >
              {whatHappens(preview).map((line) => (
                <p key={line}>{line}</p>
              ))}
            </div>
          )}
          {overLimit ? (
            <p role="alert" className="mt-3 text-sm font-medium text-red-700">
              {tooManyInvitationsMessage(
                preview.counts.invite,
                preview.invitations.leftToday,
                preview.invitations.perDay,
              )}
            </p>
          ) : (
            preview.counts.invite > 0 && (
              <p className="mt-3 text-xs text-slate-600">
                {invitationsLeftMessage(preview.invitations.leftToday, preview.invitations.perDay)}
              </p>
            )
          )}
        </>
      )}

      {progress && (
        <p role="status" className="mt-4 text-sm text-slate-700">
          Whitelisting: {progress.done} of {progress.total} transactions done
        </p>
      )}

      <div className="mt-5 flex justify-end gap-3">
        <button
          type="button"
          className={buttonStyles.outline}
          disabled={isConfirming}
          onClick={close}
        >
          Cancel
        </button>
        {preview && (
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={!actionable || isConfirming}
            onClick={() => void submit()}
          >
            {isConfirming && <Spinner />}
            {actionable ? confirmLabel(preview) : 'Nothing to whitelist'}
          </button>
        )}
      </div>
    </Modal>
  );
}
