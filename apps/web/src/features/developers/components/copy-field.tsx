// A secret shown in a read-only input with its label, and a Copy button beside
// it (the new API key, an endpoint's signing secret).
import { useEffect, useId, useRef } from 'react';
import { buttonStyles } from '@/components/ui/button-styles';
import { copyToClipboard } from '../lib/copy';

export function CopyField({
  label,
  value,
  hint,
  autoFocus = false,
}: {
  label: string;
  value: string;
  hint?: string;
  /** Takes the focus when it shows (in a dialog that showed before it), selected to copy by hand. */
  autoFocus?: boolean;
}) {
  const inputId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="flex gap-2">
        <input
          ref={inputRef}
          id={inputId}
          type="text"
          readOnly
          value={value}
          spellCheck={false}
          autoComplete="off"
          aria-describedby={hint ? hintId : undefined}
          onFocus={(event) => event.currentTarget.select()}
          className="block w-full min-w-0 rounded-xl border border-slate-300 bg-slate-50 px-4 py-2.5 font-mono text-sm text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30"
        />
        <button
          type="button"
          onClick={() => void copyToClipboard(value)}
          className={buttonStyles.outline}
        >
          Copy
        </button>
      </div>
      {hint && (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
    </div>
  );
}
