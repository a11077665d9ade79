// What a verifier gives: a badge image or credential file, dropped or chosen,
// or a credential pasted as JSON or JWT.
import { useId, useState, type DragEvent } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import type { VerifyInput } from '../api/verify-credential';

export const DROP_ZONE_LABEL = 'Drop a badge image or credential file here';

export function CredentialInput({
  onVerify,
  busy,
}: {
  onVerify: (input: VerifyInput) => void;
  busy: boolean;
}) {
  const fileId = useId();
  const pasteId = useId();
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !busy) onVerify({ file });
  };

  return (
    <div className="grid gap-6 md:grid-cols-2">
      <div
        role="region"
        aria-label={DROP_ZONE_LABEL}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex flex-col items-center justify-center rounded-2xl border-2 border-dashed p-8 text-center transition ${
          dragging ? 'border-brand-700 bg-brand-50' : 'border-slate-300'
        }`}
      >
        <p className="font-semibold text-slate-900">{DROP_ZONE_LABEL}</p>
        <p className="mt-1 text-sm text-slate-600">
          A baked badge PNG, or the credential as a .json or .jwt file.
        </p>
        <label htmlFor={fileId} className={`${buttonStyles.outline} mt-5 cursor-pointer`}>
          Choose a file
        </label>
        <input
          id={fileId}
          type="file"
          accept=".png,.json,.jwt,image/png,application/json"
          className="sr-only"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onVerify({ file });
            event.target.value = '';
          }}
        />
      </div>

      <form
        className="flex flex-col"
        onSubmit={(event) => {
          event.preventDefault();
          if (text.trim()) onVerify({ text });
        }}
      >
        <label htmlFor={pasteId} className="font-semibold text-slate-900">
          Or paste a credential (JSON or JWT)
        </label>
        <textarea
          id={pasteId}
          value={text}
          onChange={(event) => setText(event.target.value)}
          rows={6}
          className="mt-2 flex-1 rounded-xl border border-slate-300 p-3 font-mono text-xs focus-visible:outline-2 focus-visible:outline-brand-700"
          placeholder='{"@context": [...], ...} or eyJhbGciOi...'
        />
        <button
          type="submit"
          className={`${buttonStyles.primary} mt-3 self-start`}
          disabled={busy || !text.trim()}
        >
          {busy ? 'Verifying...' : 'Verify'}
        </button>
      </form>
    </div>
  );
}
