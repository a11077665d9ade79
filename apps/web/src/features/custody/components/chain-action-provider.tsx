// Holds the single consent dialog of the app and hands chain actions the
// function that opens it. Mounted once by the app's providers.
import { createContext, useCallback, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AskConsent, ConsentPrompt } from '../lib/run-chain-action';
import { ConsentDialog } from './consent-dialog';

interface Pending {
  prompt: ConsentPrompt;
  confirm: () => void;
  cancel: () => void;
}

export const ConsentContext = createContext<AskConsent | null>(null);

export function ChainActionProvider({ children }: { children: ReactNode }) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const busy = useRef(false);

  const askConsent = useCallback<AskConsent>(
    (prompt, submit) =>
      new Promise((resolve, reject) => {
        const close = () => {
          busy.current = false;
          setSubmitting(false);
          setPending(null);
        };
        setPending({
          prompt,
          cancel: () => {
            if (busy.current) return;
            close();
            resolve({ confirmed: false });
          },
          confirm: () => {
            if (busy.current) return;
            busy.current = true;
            setSubmitting(true);
            submit().then(
              (value) => {
                close();
                resolve({ confirmed: true, value });
              },
              (error: unknown) => {
                close();
                reject(error instanceof Error ? error : new Error(String(error)));
              },
            );
          },
        });
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
        onConfirm={() => pending?.confirm()}
        onCancel={() => pending?.cancel()}
      />
    </ConsentContext.Provider>
  );
}
