// On /dashboard, for a user whose wallet is not registered on chain yet (the
// consent was cancelled or failed at sign-up): the same consent flow again.
import { TOKEN } from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { getMe, registerOnChain, updateStoredUser } from '@/features/accounts';
import { Spinner, TransactionStatusCard, useChainAction } from '@/features/custody';
import { toast } from '@/lib/toast';
import { REGISTER_ON_CHAIN_TITLE } from './register';

export function RegisterWalletBanner() {
  const chain = useChainAction({ auth: 'user', title: REGISTER_ON_CHAIN_TITLE });

  const register = async () => {
    try {
      const tx = await chain.run((consentToken) => registerOnChain(consentToken));
      if (tx.status !== 'COMPLETED') return;
      toast.success('Your wallet is registered on the platform!');
      const me = await getMe();
      if (me.success) updateStoredUser(me.data);
    } catch {
      // Cancelled, not determined or still processing: the toasts and the card
      // have said so; the banner stays until the stored user is registered.
    }
  };

  return (
    <div className="mt-6 flex flex-col gap-4 rounded-2xl border border-sky-200 bg-sky-50 p-5 text-sky-950">
      <p>
        Your wallet is not registered on the platform yet. Register it to apply for badges, stake
        and send {TOKEN.symbol}; the platform pays the network fee.
      </p>
      {chain.status && (
        <TransactionStatusCard status={chain.status} stillProcessing={chain.stillProcessing} />
      )}
      <button
        type="button"
        onClick={() => void register()}
        disabled={chain.isRunning}
        className={`${buttonStyles.primary} w-fit`}
      >
        {chain.isRunning && <Spinner />}
        Register wallet
      </button>
    </div>
  );
}
