// Runs one security change with the proof it needs: at once for a person with
// no factor yet, else after "Confirm it is you" (the person's passkey, with a
// fresh step-up challenge, an authenticator code or a recovery code). A proof
// the server refuses keeps the step open with its message.
import { useCallback, useRef, useState, type ReactNode } from 'react';
import {
  secondFactorRequiredSchema,
  type SecondFactorKind,
  type SecondFactorProof,
  type SecurityOverview,
} from '@gets/schema';
import { Modal } from '@/components/ui/modal';
import type { ApiResult } from '@/lib/api-client';
import { getStepUpOptions, type SecurityActor } from '../api/security-api';
import { FactorProofForm } from '../components/factor-proof-form';

export const CONFIRM_TITLE = 'Confirm it is you';

/** The factors of an overview, as the proof form offers them. */
export function factorKinds(overview: SecurityOverview): SecondFactorKind[] {
  const kinds: SecondFactorKind[] = [];
  if (overview.passkeys.length > 0) kinds.push('passkey');
  if (overview.totp.enabled) kinds.push('totp');
  if (overview.recoveryCodes.remaining > 0) kinds.push('recoveryCode');
  return kinds;
}

/** Whether a refusal asks for (another) second factor. */
export function isFactorRefusal(result: ApiResult<unknown>): boolean {
  return (
    !result.success &&
    result.status === 401 &&
    secondFactorRequiredSchema.safeParse(result.details).success
  );
}

interface Pending {
  change: (proof: SecondFactorProof) => Promise<ApiResult<unknown>>;
  resolve: (result: ApiResult<unknown> | null) => void;
}

export function useConfirmItIsYou(actor: SecurityActor, overview: SecurityOverview | undefined) {
  const [pending, setPending] = useState<Pending | null>(null);
  const [error, setError] = useState<string | null>(null);
  const pendingRef = useRef<Pending | null>(null);

  /** Resolves with the change's answer, or null when the person cancelled. */
  const confirm = useCallback(
    <T,>(change: (proof: SecondFactorProof) => Promise<ApiResult<T>>) => {
      if (!overview?.hasSecondFactor) return change({});
      return new Promise<ApiResult<T> | null>((resolve) => {
        const next: Pending = {
          change,
          resolve: resolve as (result: ApiResult<unknown> | null) => void,
        };
        pendingRef.current = next;
        setError(null);
        setPending(next);
      });
    },
    [overview?.hasSecondFactor],
  );

  const close = (result: ApiResult<unknown> | null) => {
    pendingRef.current?.resolve(result);
    pendingRef.current = null;
    setPending(null);
    setError(null);
  };

  const dialog: ReactNode =
    pending && overview ? (
      <Modal open title={CONFIRM_TITLE} onClose={() => close(null)} size="sm">
        <FactorProofForm
          kinds={factorKinds(overview)}
          error={error}
          getPasskeyOptions={async () => {
            const result = await getStepUpOptions(actor);
            return result.success ? result.data.passkey : null;
          }}
          onProof={async (proof) => {
            const result = await pending.change(proof);
            if (isFactorRefusal(result)) {
              setError(result.message);
              return;
            }
            close(result);
          }}
          onCancel={() => close(null)}
        />
      </Modal>
    ) : null;

  return { confirm, dialog };
}
