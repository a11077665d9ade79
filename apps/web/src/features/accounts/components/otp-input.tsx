// Six single-digit boxes (OTP_LENGTH): digits only, typing moves forward,
// Backspace on an empty box moves back, pasting fills every box. The label
// above them names every box, with its place ("One-time code Digit 1 of 6").
import { useId, useRef, type ClipboardEvent, type KeyboardEvent } from 'react';
import { OTP_LENGTH } from '@gets/schema';

interface OtpInputProps {
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** The visible label of the boxes. */
  label?: string;
}

export function OtpInput({ value, onChange, disabled, label = 'One-time code' }: OtpInputProps) {
  const labelId = useId();
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const digits = Array.from({ length: OTP_LENGTH }, (_, i) => value[i] ?? '');

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const setDigits = (next: string[]) => onChange(next.join('').slice(0, OTP_LENGTH));

  const fillFrom = (index: number, typed: string) => {
    const incoming = typed.replace(/\D/g, '');
    if (incoming === '') return;
    const next = [...digits];
    for (let i = 0; i < incoming.length && index + i < OTP_LENGTH; i += 1) {
      next[index + i] = incoming[i]!;
    }
    // Keep the code contiguous: a digit typed past the end lands after the last one.
    const filled = next.filter((digit) => digit !== '');
    setDigits(filled);
    focusBox(Math.min(filled.length, OTP_LENGTH - 1));
  };

  const onKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const next = [...digits];
      if (next[index]) {
        next[index] = '';
        setDigits(next.filter((digit) => digit !== ''));
      } else if (index > 0) {
        next[index - 1] = '';
        setDigits(next.filter((digit) => digit !== ''));
        focusBox(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, OTP_LENGTH);
    if (pasted === '') return;
    onChange(pasted);
    focusBox(pasted.length - 1);
  };

  return (
    <div className="flex flex-col items-center gap-2">
      <p id={labelId} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      <div role="group" aria-labelledby={labelId} className="flex justify-center gap-2 sm:gap-3">
        {digits.map((digit, index) => (
          <input
            key={index}
            id={`${labelId}-${index}`}
            ref={(element) => {
              boxes.current[index] = element;
            }}
            type="text"
            inputMode="numeric"
            autoComplete={index === 0 ? 'one-time-code' : 'off'}
            pattern="[0-9]*"
            maxLength={OTP_LENGTH}
            aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
            aria-labelledby={`${labelId} ${labelId}-${index}`}
            value={digit}
            disabled={disabled}
            onFocus={(event) => event.currentTarget.select()}
            onChange={(event) =>
              fillFrom(
                index,
                event.currentTarget.value.replace(digit, '') || event.currentTarget.value,
              )
            }
            onKeyDown={(event) => onKeyDown(index, event)}
            onPaste={onPaste}
            className="size-11 rounded-xl border border-slate-300 bg-white text-center text-xl font-semibold text-slate-900 shadow-sm focus:border-brand-600 focus:outline-2 focus:outline-brand-600/30 disabled:bg-slate-100 sm:size-12"
          />
        ))}
      </div>
    </div>
  );
}
