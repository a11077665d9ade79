// /register (spec section 2): the registration form and OTP modal (accounts),
// then the on-chain registration of the new wallet through the consent dialog
// with its live status (custody), then /dashboard, or the page `next` names
// (an invitation to a private badge links to /register?next=/badge/{id}).
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import type { RegisterData, TransactionStatus } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import {
  AuthCard,
  getMe,
  pathAfterLogin,
  registerOnChain,
  RegisterForm,
  updateStoredUser,
  useHasAdminToken,
  useSession,
} from '@/features/accounts';
import {
  isCancelled,
  isStillProcessing,
  TransactionStatusCard,
  useChainAction,
} from '@/features/custody';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { toast } from '@/lib/toast';

export const REGISTER_ON_CHAIN_TITLE = 'Register your wallet';

/**
 * Where to go after registering: `next` when it is a path of this site (the
 * same rule as after a login: no open redirect), else the dashboard.
 */
export function afterRegister(next: string | null): string {
  return pathAfterLogin(next);
}

type ChainStep =
  | { state: 'running' }
  | { state: 'stopped'; reason: 'cancelled' | 'failed' | 'unknown' | 'processing' };

export function RegisterRoute() {
  useDocumentTitle('Register');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const destination = afterRegister(searchParams.get('next'));
  const session = useSession();
  const isAdmin = useHasAdminToken();
  const [step, setStep] = useState<ChainStep | null>(null);
  const [final, setFinal] = useState<TransactionStatus | null>(null);
  const chain = useChainAction({ auth: 'user', title: REGISTER_ON_CHAIN_TITLE });

  const registerWallet = async (consent?: RegisterData['consent']) => {
    if (consent) window.scrollTo({ top: 0 });
    setStep({ state: 'running' });
    setFinal(null);
    try {
      // The registration answer carries the first consent; a retry asks for a new one.
      const tx = await chain.run((consentToken) =>
        consentToken || !consent
          ? registerOnChain(consentToken)
          : Promise.resolve({ success: true, data: consent, message: '', status: 200 }),
      );
      setFinal(tx);
      if (tx.status === 'COMPLETED') {
        toast.success('Your wallet is registered on the platform!');
        // The stored user predates the registry id the chain just assigned.
        const me = await getMe();
        if (me.success) updateStoredUser(me.data);
        void navigate(destination, { replace: true });
        return;
      }
      setStep({ state: 'stopped', reason: 'failed' });
    } catch (error) {
      const reason = isCancelled(error)
        ? 'cancelled'
        : isStillProcessing(error)
          ? 'processing'
          : 'unknown';
      setStep({ state: 'stopped', reason });
    }
  };

  if (!step && (session || isAdmin)) return <Navigate to={destination} replace />;
  if (!step) {
    return <RegisterForm onRegistered={(data) => void registerWallet(data.consent)} />;
  }

  const live = chain.status ?? final;
  return (
    <AuthCard
      title="Your account is created"
      intro="One last step: register your new custodial wallet on the platform. The platform pays the network fee."
    >
      <div className="flex flex-col gap-4">
        {live && <TransactionStatusCard status={live} stillProcessing={chain.stillProcessing} />}
        {step.state === 'running' && !live && (
          <p role="status" className="text-sm text-slate-600">
            Waiting for your confirmation...
          </p>
        )}
        {step.state === 'stopped' && step.reason === 'processing' && (
          // Registering again would only be refused: the first registration is on its way.
          <Link to={destination} className={`${buttonStyles.primary} self-start`}>
            Continue
          </Link>
        )}
        {step.state === 'stopped' && step.reason !== 'processing' && (
          <>
            <p className="text-sm text-slate-700">
              {step.reason === 'cancelled'
                ? 'You cancelled the registration of your wallet. Nothing was signed.'
                : 'Your wallet is not registered on the platform yet.'}{' '}
              You can try again now, or later from your dashboard.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <button
                type="button"
                onClick={() => void registerWallet()}
                className={buttonStyles.primary}
              >
                Register wallet
              </button>
              <Link to="/dashboard" className={buttonStyles.outline}>
                Go to dashboard
              </Link>
            </div>
          </>
        )}
      </div>
    </AuthCard>
  );
}
