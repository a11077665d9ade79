// The Security section (the user's profile, an admin's /admin/security): the
// person's passkeys, authenticator app, recovery codes, sessions, and for a
// user the wallet export. Every change is confirmed with a factor once the
// person has one (useConfirmItIsYou); the first factor answers the recovery
// codes, shown once.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  RECOVERY_CODE_COUNT,
  SECURITY_MESSAGES,
  type SecurityOverview,
  type WebauthnAttestation,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { QueryError } from '@/components/ui/query-error';
import type { ApiResult } from '@/lib/api-client';
import { showApiError } from '@/lib/api-feedback';
import { formatDate, formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { createPasskey, passkeysSupported } from '@/lib/webauthn';
import {
  addPasskey,
  confirmTotp,
  getPasskeyRegistrationOptions,
  regenerateRecoveryCodes,
  removePasskey,
  removeTotp,
  securityKeys,
  setupTotp,
  useSecurityOverview,
  type SecurityActor,
} from '../api/security-api';
import { useConfirmItIsYou } from '../hooks/use-confirm-it-is-you';
import { PasskeyNameDialog } from './passkey-name-dialog';
import { RecoveryCodesDialog } from './recovery-codes-dialog';
import { SecurityActivityList } from './security-activity';
import { SessionsList } from './sessions-list';
import { TotpSetupDialog } from './totp-setup-dialog';
import { WalletExportDialog } from './wallet-export-dialog';

export const SECURITY_SECTION_ID = 'security';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section
      aria-label={title}
      className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-5"
    >
      <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

export function SecurityPanel({ actor }: { actor: SecurityActor }) {
  const overview = useSecurityOverview(actor);
  const ref = useRef<HTMLElement>(null);
  const loaded = overview.data !== undefined;
  // Opened from a link to #security (the consent dialog's note): show it once it is drawn.
  useEffect(() => {
    if (loaded && window.location.hash === `#${SECURITY_SECTION_ID}`) {
      ref.current?.scrollIntoView?.({ block: 'start' });
    }
  }, [loaded]);

  return (
    <section
      ref={ref}
      id={SECURITY_SECTION_ID}
      aria-labelledby="security-heading"
      className="flex flex-col gap-5"
    >
      <div>
        <h2 id="security-heading" className="text-2xl font-bold text-slate-900">
          Security
        </h2>
        <p className="mt-1 text-sm text-slate-600">{SECURITY_MESSAGES.security}</p>
      </div>
      {overview.isError ? (
        <QueryError
          error={overview.error}
          onRetry={() => overview.refetch()}
          isRetrying={overview.isFetching}
        />
      ) : !overview.data ? (
        <p role="status" className="text-sm text-slate-500">
          Loading your security settings...
        </p>
      ) : (
        <SecuritySettings actor={actor} overview={overview.data} />
      )}
    </section>
  );
}

function SecuritySettings({
  actor,
  overview,
}: {
  actor: SecurityActor;
  overview: SecurityOverview;
}) {
  const queryClient = useQueryClient();
  const { confirm, dialog } = useConfirmItIsYou(actor, overview);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [attestation, setAttestation] = useState<WebauthnAttestation | null>(null);
  const [totp, setTotp] = useState<{ secret: string; otpauthUri: string } | null>(null);
  const [exporting, setExporting] = useState(false);
  const [supported, setSupported] = useState<boolean | null>(null);

  useEffect(() => {
    let live = true;
    passkeysSupported().then(
      (value) => live && setSupported(value),
      () => live && setSupported(false),
    );
    return () => {
      live = false;
    };
  }, []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: securityKeys.overview(actor) });

  /** A change's answer: null when cancelled; a refusal shown; else its data. */
  const outcome = <T,>(result: ApiResult<T> | null): T | undefined => {
    if (!result) return undefined;
    if (!result.success) {
      showApiError(result);
      return undefined;
    }
    return result.data;
  };

  const startAddPasskey = async () => {
    const options = outcome(await confirm((proof) => getPasskeyRegistrationOptions(actor, proof)));
    if (!options) return;
    try {
      setAttestation((await createPasskey(options)) as WebauthnAttestation);
    } catch {
      toast.error(SECURITY_MESSAGES.passkeyFailed);
    }
  };

  const savePasskey = async (name: string) => {
    if (!attestation) return;
    const result = await addPasskey(actor, { name, attestation });
    const added = outcome(result);
    if (!added) return;
    setAttestation(null);
    toast.success(SECURITY_MESSAGES.passkeyAdded);
    if (added.recoveryCodes) setCodes(added.recoveryCodes);
    await refresh();
  };

  const deletePasskey = async (id: string) => {
    const result = await confirm((proof) => removePasskey(actor, id, proof));
    if (outcome(result) === undefined) return;
    toast.success(SECURITY_MESSAGES.passkeyRemoved);
    await refresh();
  };

  const startTotp = async () => {
    const setup = outcome(await confirm((proof) => setupTotp(actor, proof)));
    if (setup) setTotp(setup);
  };

  const finishTotp = async (code: string): Promise<string | null> => {
    const result = await confirmTotp(actor, code);
    if (!result.success) return result.message;
    setTotp(null);
    toast.success(SECURITY_MESSAGES.totpEnabled);
    if (result.data.recoveryCodes) setCodes(result.data.recoveryCodes);
    await refresh();
    return null;
  };

  const deleteTotp = async () => {
    const result = await confirm((proof) => removeTotp(actor, proof));
    if (outcome(result) === undefined) return;
    toast.success(SECURITY_MESSAGES.totpRemoved);
    await refresh();
  };

  const newCodes = async () => {
    const made = outcome(await confirm((proof) => regenerateRecoveryCodes(actor, proof)));
    if (!made) return;
    setCodes(made.recoveryCodes);
    await refresh();
  };

  const mustEnrol = overview.factorRequired && !overview.hasSecondFactor;

  return (
    <>
      {mustEnrol && (
        <p
          role="alert"
          className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-900"
        >
          {SECURITY_MESSAGES.adminFactorRequired}
        </p>
      )}
      <Section title="Passkeys">
        <p className="text-sm text-slate-600">
          Sign in and confirm with your fingerprint, face or device PIN instead of a code.
        </p>
        {overview.passkeys.length > 0 && (
          <ul className="flex flex-col divide-y divide-slate-200 rounded-xl border border-slate-200">
            {overview.passkeys.map((passkey) => (
              <li
                key={passkey.id}
                aria-label={passkey.name}
                className="flex flex-wrap items-center justify-between gap-3 p-4 text-sm"
              >
                <div>
                  <p className="font-semibold text-slate-900">{passkey.name}</p>
                  <p className="text-slate-600">
                    Added {formatDate(passkey.createdAt)} · Last used{' '}
                    {passkey.lastUsedAt ? formatDateTime(passkey.lastUsedAt) : 'never'}
                  </p>
                </div>
                <button
                  type="button"
                  onClick={() => void deletePasskey(passkey.id)}
                  className={buttonStyles.outline}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        )}
        {supported === false ? (
          <p className="text-sm text-slate-500">This browser cannot use passkeys.</p>
        ) : (
          <button
            type="button"
            onClick={() => void startAddPasskey()}
            disabled={supported === null}
            className={`${buttonStyles.primary} self-start`}
          >
            Add a passkey
          </button>
        )}
      </Section>

      <Section title="Authenticator app">
        {overview.totp.enabled ? (
          <>
            <p className="text-sm text-slate-600">
              Set up
              {overview.totp.enabledAt ? ` on ${formatDate(overview.totp.enabledAt)}` : ''}.
            </p>
            <button
              type="button"
              onClick={() => void deleteTotp()}
              className={`${buttonStyles.outline} self-start`}
            >
              Remove authenticator app
            </button>
          </>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Use a 6-digit code from an app such as Google Authenticator, Authy or 1Password.
            </p>
            <button
              type="button"
              onClick={() => void startTotp()}
              className={`${buttonStyles.primary} self-start`}
            >
              Set up authenticator app
            </button>
          </>
        )}
      </Section>

      <Section title="Recovery codes">
        {overview.hasSecondFactor ? (
          <>
            <p className="text-sm text-slate-600">
              {overview.recoveryCodes.remaining} of {RECOVERY_CODE_COUNT} recovery codes left. Each
              works once, when you have neither your passkey nor your app.
            </p>
            <button
              type="button"
              onClick={() => void newCodes()}
              className={`${buttonStyles.outline} self-start`}
            >
              Generate new recovery codes
            </button>
          </>
        ) : (
          <p className="text-sm text-slate-600">
            You get your recovery codes when you add your first passkey or authenticator app.
          </p>
        )}
      </Section>

      <Section title="Sessions">
        <p className="text-sm text-slate-600">{SECURITY_MESSAGES.sessions}.</p>
        <SessionsList actor={actor} />
      </Section>

      <Section title="Recent security activity">
        <p className="text-sm text-slate-600">
          If you see a change you did not make, sign out of all other sessions and change your
          password.
        </p>
        <SecurityActivityList activity={overview.recentActivity} />
      </Section>

      <Section title="Export wallet">
        {actor === 'admin' || !overview.walletExport.allowed ? (
          <p className="text-sm text-slate-600">
            {overview.walletExport.reason ??
              (actor === 'admin' ? SECURITY_MESSAGES.adminWalletNotExportable : '')}
          </p>
        ) : (
          <>
            <p className="text-sm text-slate-600">
              Download your wallet&apos;s key as a file locked by a passphrase, to use it in a
              wallet of your own.
            </p>
            <button
              type="button"
              onClick={() => setExporting(true)}
              className={`${buttonStyles.outline} self-start`}
            >
              Export wallet
            </button>
          </>
        )}
      </Section>

      {attestation && (
        <PasskeyNameDialog onSave={savePasskey} onClose={() => setAttestation(null)} />
      )}
      {totp && (
        <TotpSetupDialog
          secret={totp.secret}
          otpauthUri={totp.otpauthUri}
          onConfirm={finishTotp}
          onClose={() => setTotp(null)}
        />
      )}
      {exporting && (
        <WalletExportDialog
          hasSecondFactor={overview.hasSecondFactor}
          confirm={confirm}
          onClose={() => setExporting(false)}
        />
      )}
      {codes && <RecoveryCodesDialog codes={codes} onClose={() => setCodes(null)} />}
      {dialog}
    </>
  );
}
