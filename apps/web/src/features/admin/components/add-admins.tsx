// "Add more admins": an email invites a new admin (a mailed link to set a
// password), a wallet address makes that existing user's wallet an admin;
// Proceed grants ADMIN_ROLE on chain through consent. The Managers column
// lists every admin with the date added; any admin removes another.
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  addAdminFormSchema,
  ADMIN_TEXTS,
  type AddAdminFormInput,
  type AdminAccount,
} from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import { useAdminSession } from '@/features/accounts';
import { useChainAction } from '@/features/custody';
import { toast } from '@/lib/toast';
import { addAdmin } from '../api/add-admin';
import { useAdmins } from '../api/get-admins';
import { removeAdmin } from '../api/remove-admin';
import { QueryError } from '@/components/ui/query-error';
import { formatDate } from '@/lib/format';

const isAddress = (value: string) => /^0x[0-9a-fA-F]{40}$/.test(value.trim());

export function AddAdmins() {
  const grant = useChainAction({ auth: 'admin', title: 'Add an admin' });
  const form = useForm<AddAdminFormInput, unknown, z.output<typeof addAdminFormSchema>>({
    resolver: zodResolver(addAdminFormSchema),
    defaultValues: { emailOrAddress: '' },
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit(async ({ emailOrAddress }) => {
    try {
      const final = await grant.run((consentToken) => addAdmin(emailOrAddress, consentToken));
      if (final.status === 'COMPLETED') {
        toast.success(
          isAddress(emailOrAddress)
            ? 'Admin added! They sign in with their own email and password.'
            : `Admin added! An invitation was mailed to ${emailOrAddress}.`,
        );
        form.reset();
      }
    } catch {
      // A cancel changes nothing; any other failure was toasted by the consent flow.
    }
  });

  return (
    <div className="grid grid-cols-2 gap-8">
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
        <TextField
          label="Email or wallet address"
          placeholder="name@example.org or 0x..."
          autoComplete="off"
          hint="An email invites a new admin; a wallet address makes that user an admin."
          error={errors.emailOrAddress?.message}
          {...form.register('emailOrAddress')}
        />
        <button
          type="submit"
          disabled={grant.isRunning}
          className={`${buttonStyles.primary} self-start`}
        >
          {grant.isRunning ? 'Adding...' : ADMIN_TEXTS.proceed}
        </button>
      </form>
      <Managers />
    </div>
  );
}

const dateAdded = (iso: string) => formatDate(iso);

function Managers() {
  const admins = useAdmins();
  const session = useAdminSession();
  return (
    <section aria-labelledby="managers-heading">
      <h3 id="managers-heading" className="mb-3 font-semibold text-slate-900">
        {ADMIN_TEXTS.managers}
      </h3>
      {admins.isError && (
        <QueryError
          error={admins.error}
          onRetry={admins.refetch}
          isRetrying={admins.isRefetching}
          className="py-4"
        />
      )}
      <ul className="flex flex-col gap-2">
        {admins.data?.map((admin) => (
          <ManagerRow
            key={admin._id}
            admin={admin}
            isYou={admin._id === session?.adminDetails._id}
          />
        ))}
      </ul>
    </section>
  );
}

function ManagerRow({ admin, isYou }: { admin: AdminAccount; isYou: boolean }) {
  const revoke = useChainAction({ auth: 'admin', title: 'Remove an admin' });
  const remove = async () => {
    try {
      const final = await revoke.run((consentToken) => removeAdmin(admin._id, consentToken));
      if (final.status === 'COMPLETED') toast.success(`${admin.email} is no longer an admin!`);
    } catch {
      // A cancel changes nothing; any other failure was toasted by the consent flow.
    }
  };
  const status =
    admin.status === 'GRANTING'
      ? 'Granting the role...'
      : admin.status === 'REVOKING'
        ? 'Removing...'
        : !admin.canSignIn
          ? 'Invitation sent'
          : null;
  return (
    <li className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white px-4 py-3">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-semibold text-slate-900">
          {admin.email} {isYou && <span className="font-normal text-slate-500">(you)</span>}
        </p>
        <p className="text-xs text-slate-500">
          Added {dateAdded(admin.addedAt)}
          {admin.account && ` · ${admin.account.slice(0, 6)}...${admin.account.slice(-4)}`}
          {status && ` · ${status}`}
        </p>
      </div>
      {!isYou && admin.status === 'ACTIVE' && (
        <button
          type="button"
          disabled={revoke.isRunning}
          onClick={() => void remove()}
          aria-label={`Remove ${admin.email}`}
          className="rounded-full border border-red-200 px-3 py-1 text-xs font-semibold text-red-700 hover:bg-red-50 disabled:opacity-50"
        >
          Remove
        </button>
      )}
    </li>
  );
}
