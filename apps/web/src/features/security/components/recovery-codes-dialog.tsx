// The recovery codes, shown once when they are made (the first factor, or
// "Generate new recovery codes"), with copy and download and a plain warning.
import { SECURITY_MESSAGES } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/lib/toast';
import { copyText, downloadText } from '../lib/download';

export const RECOVERY_CODES_TITLE = 'Your recovery codes';
export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

export function RecoveryCodesDialog({ codes, onClose }: { codes: string[]; onClose: () => void }) {
  const text = `${codes.join('\n')}\n`;
  return (
    <Modal
      open
      title={RECOVERY_CODES_TITLE}
      onClose={onClose}
      size="sm"
      description={SECURITY_MESSAGES.recoveryCodesCreated}
    >
      <p
        role="note"
        className="rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
      >
        If you lose your passkeys and your authenticator app, these codes are the only way back into
        your account. Anyone who has them and your password can sign in as you.
      </p>
      <ol
        aria-label="Recovery codes"
        className="mt-4 grid grid-cols-2 gap-2 rounded-xl bg-slate-50 p-4 font-mono text-sm text-slate-900"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="mt-6 flex flex-wrap gap-3 sm:justify-end">
        <button
          type="button"
          className={buttonStyles.outline}
          onClick={() =>
            void copyText(text).then((copied) => {
              if (copied) toast.success('Recovery codes copied!');
            })
          }
        >
          Copy codes
        </button>
        <button
          type="button"
          className={buttonStyles.outline}
          onClick={() => downloadText(RECOVERY_CODES_FILE, text)}
        >
          Download (.txt)
        </button>
        <button type="button" className={buttonStyles.primary} onClick={onClose}>
          I have saved them
        </button>
      </div>
    </Modal>
  );
}
