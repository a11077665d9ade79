// Where the one-time code is when no mail server is set up: the embedded
// default (no SMTP_URL) keeps mail in its outbox and prints each code in a box
// in the terminal where the server runs (README, Quick start). Said only then,
// as GET /platform tells (mailOutbox); with a mail server, the mail is the place.
import { useMailOutbox } from '@/lib/platform-info';

export const OUTBOX_CODE_HINT =
  'No mail server is set up here: the code is printed in the terminal where the server runs.';

export function OutboxCodeHint({ className = '' }: { className?: string }) {
  if (!useMailOutbox()) return null;
  return (
    <p
      className={`rounded-xl border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900 ${className}`}
    >
      {OUTBOX_CODE_HINT}
    </p>
  );
}
