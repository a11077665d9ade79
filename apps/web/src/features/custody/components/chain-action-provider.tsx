// Holds the single consent dialog of the app and hands chain actions the
// function that opens it. Mounted once by the app's providers. A second
// factor the server refuses keeps the dialog open with its message (the
// consent is not used up), and the next Confirm tries again.
import { createContext, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { ConsentFactor } from '@/lib/consent-factor';
import type { AskConsent, ConsentPrompt } from '../lib/run-chain-action';
import { SecondFactorRefusedError } from '../lib/second-factor-refused';
import { ConsentDialog } from './consent-dialog';

interface Pending {
  prompt: ConsentPrompt;
  confirm: (factor?: ConsentFactor) => void;
  cancel: () => void;
}

export const ConsentContext = createContext<AskConsent | null>(null);

/** Where a person adds a factor: an admin's Security page, or the user's profile section. */
const SECURITY_HREF = { user: '/profile#security', admin: '/admin/security' } as const;

export function ChainActionProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [factorError, setFactorError] = useState<string | null>(null);
  const busy = useRef(false);

  const askConsent = useCallback<AskConsent>(
    (prompt, submit) =>
      new Promise((resolve, reject) => {
        const close = () => {
          busy.current = false;
          setSubmitting(false);
          setFactorError(null);
          setPending(null);
        };
        const open = (shown: ConsentPrompt): Pending => ({
          prompt: shown,
          cancel: () => {
            if (busy.current) return;
            close();
            resolve({ confirmed: false });
          },
          confirm: (factor) => {
            if (busy.current) return;
            busy.current = true;
            setSubmitting(true);
            setFactorError(null);
            submit(factor).then(
              (value) => {
                close();
                resolve({ confirmed: true, value });
              },
              (error: unknown) => {
                if (error instanceof SecondFactorRefusedError) {
                  // Try again, with the fresh passkey challenge the refusal carried.
                  busy.current = false;
                  setSubmitting(false);
                  setFactorError(error.message);
                  setPending(open({ ...shown, secondFactor: error.secondFactor }));
                  return;
                }
                close();
                reject(error instanceof Error ? error : new Error(String(error)));
              },
            );
          },
        });
        setPending(open(prompt));
      }),
    [],
  );

  const value = useMemo(() => askConsent, [askConsent]);
  return (
    <ConsentContext.Provider value={value}>
      {children}
      <ConsentDialog
        open={pending !== null}
        title={pending?.prompt.title ?? ''}
        description={pending?.prompt.description ?? ''}
        expiresAt={pending?.prompt.expiresAt ?? ''}
        submitting={submitting}
        secondFactor={pending?.prompt.secondFactor}
        factorError={factorError}
        securityHref={SECURITY_HREF[pending?.prompt.actor ?? 'user']}
        onConfirm={(factor) => pending?.confirm(factor)}
        onCancel={() => pending?.cancel()}
      />
    </ConsentContext.Provider>
  );
}
