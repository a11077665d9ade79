// The registration OTP modal: six boxes, "Verify & Register" once all six are
// filled, and two separate timers (spec section 2): its own 60-second resend
// countdown from when it opens, and the 30-second counter that starts each time
// an OTP is sent (a resend). Resend is offered once both are at 0. Without a
// mail server, it says the code is in the server's terminal.
import { useState } from 'react';
import { OTP_LENGTH, OTP_RESEND_COUNTDOWN_S } from '@gets/schema';
import { Modal } from '@/components/ui/modal';
import { buttonStyles } from '@/components/ui/button-styles';
import { useCountdown } from '@/hooks/use-countdown';
import { OtpInput } from './otp-input';
import { OutboxCodeHint } from './outbox-code-hint';

interface RegistrationOtpModalProps {
  email: string;
  submitting: boolean;
  onSubmit: (otp: string) => void;
  onResend: () => Promise<boolean>;
  onClose: () => void;
}

export function RegistrationOtpModal({
  email,
  submitting,
  onSubmit,
  onResend,
  onClose,
}: RegistrationOtpModalProps) {
  const [otp, setOtp] = useState('');
  const [resending, setResending] = useState(false);
  const modalCountdown = useCountdown(OTP_RESEND_COUNTDOWN_S.registrationModal);
  const sentCounter = useCountdown(OTP_RESEND_COUNTDOWN_S.verifyEmailPage, { startNow: false });
  const remaining = Math.max(modalCountdown.remaining, sentCounter.remaining);

  return (
    <Modal
      open
      title="Enter the OTP"
      onClose={onClose}
      dismissible={!submitting}
      size="sm"
      description={
        <>
          We sent a {OTP_LENGTH}-digit code to <strong className="text-slate-900">{email}</strong>.
        </>
      }
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (otp.length === OTP_LENGTH && !submitting) onSubmit(otp);
        }}
      >
        <OutboxCodeHint className="mb-4" />
        <OtpInput value={otp} onChange={setOtp} disabled={submitting} />
        <button
          type="submit"
          disabled={otp.length !== OTP_LENGTH || submitting}
          className={`${buttonStyles.primary} mt-6 w-full`}
        >
          Verify &amp; Register
        </button>
        <p className="mt-4 text-center text-sm text-slate-600" aria-live="polite">
          {remaining > 0 ? (
            <>Resend OTP in {remaining}s</>
          ) : (
            <>
              Didn&apos;t get it?{' '}
              <button
                type="button"
                disabled={resending || submitting}
                onClick={async () => {
                  setResending(true);
                  const sent = await onResend();
                  setResending(false);
                  if (sent) {
                    setOtp('');
                    sentCounter.restart();
                  }
                }}
                className="font-semibold text-brand-800 underline-offset-2 hover:underline disabled:opacity-50"
              >
                {resending ? 'Resending...' : 'Resend OTP'}
              </button>
            </>
          )}
        </p>
      </form>
    </Modal>
  );
}
