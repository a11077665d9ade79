// "Cool down periods": the claim, approval and lock periods in days, read
// from PlatformSettings. Save Changes appears only when a value differs; it
// applies claim, then approval, then lock (each only if changed, each its own
// chain call through consent), then PUT /admin/settings, with the spec's
// toast for each failure.
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  ADMIN_TEXTS,
  coolDownFormSchema,
  PERIODS,
  TOASTS,
  type CoolDownFormInput,
  type PeriodName,
  type PlatformSettingsData,
  type SettingsRequest,
} from '@gets/schema';
import type { z } from 'zod';
import { buttonStyles } from '@/components/ui/button-styles';
import { TextField } from '@/components/ui/form-field';
import { PageSpinner } from '@/features/accounts';
import { isCancelled, isStillProcessing, useChainAction } from '@/features/custody';
import { showApiSuccess } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { changePeriod } from '../api/change-period';
import { useSettings } from '../api/get-settings';
import { adminKeys } from '../api/keys';
import { saveSettings } from '../api/save-settings';
import { QueryError } from '@/components/ui/query-error';

const FIELD_OF = {
  claim: 'claimPeriod',
  approval: 'approvalPeriod',
  lock: 'lockPeriod',
} as const satisfies Record<PeriodName, keyof PlatformSettingsData>;

const FAILED = {
  claim: TOASTS.error.updatingClaimPeriodFailed,
  approval: TOASTS.error.updatingApprovalPeriodFailed,
  lock: TOASTS.error.updatingLockPeriodFailed,
} as const;

export function CoolDownPeriods() {
  const settings = useSettings();
  if (settings.isPending) return <PageSpinner />;
  if (settings.isError) {
    return (
      <QueryError
        error={settings.error}
        onRetry={settings.refetch}
        isRetrying={settings.isRefetching}
      />
    );
  }
  return <CoolDownForm stored={settings.data} />;
}

function CoolDownForm({ stored }: { stored: PlatformSettingsData }) {
  const queryClient = useQueryClient();
  const chain = useChainAction({ auth: 'admin', title: 'Change a platform period' });
  const form = useForm<CoolDownFormInput, unknown, z.output<typeof coolDownFormSchema>>({
    resolver: zodResolver(coolDownFormSchema),
    mode: 'onChange',
    values: stored,
  });
  const { errors, isSubmitting } = form.formState;
  const watched = useWatch({ control: form.control });
  const differs = PERIODS.some((p) => Number(watched[FIELD_OF[p]]) !== stored[FIELD_OF[p]]);

  const onSubmit = form.handleSubmit(async (values) => {
    const changed: SettingsRequest = {};
    let stopped = false;
    for (const period of PERIODS) {
      const field = FIELD_OF[period];
      if (values[field] === stored[field]) continue;
      try {
        const final = await chain.run((consentToken) =>
          changePeriod(period, values[field], consentToken),
        );
        if (final.status !== 'COMPLETED') toast.error(FAILED[period]);
        else changed[field] = values[field];
        stopped = final.status !== 'COMPLETED';
      } catch (error) {
        if (!isCancelled(error) && !isStillProcessing(error)) toast.error(FAILED[period]);
        stopped = true;
      }
      if (stopped) break;
    }
    // The periods already changed on chain are recorded even when a later one
    // failed or was cancelled, so the record never lags the chain.
    if (Object.keys(changed).length > 0 || !stopped) {
      const saved = await saveSettings(changed);
      if (!saved.success) {
        toast.error(TOASTS.error.updatingSettingsFailed, { description: saved.message });
      } else if (!stopped) showApiSuccess(saved);
    }
    await queryClient.invalidateQueries({ queryKey: adminKeys.settings });
  });

  const field = (name: keyof CoolDownFormInput, label: string, hint: string) => (
    <TextField
      label={label}
      hint={hint}
      type="number"
      min={1}
      step={1}
      inputMode="numeric"
      error={errors[name]?.message}
      {...form.register(name, { valueAsNumber: true })}
    />
  );

  return (
    <form onSubmit={onSubmit} noValidate className="flex max-w-2xl flex-col gap-5">
      <details open className="rounded-2xl border border-slate-200 bg-white p-5">
        <summary className="cursor-pointer font-semibold text-slate-900">
          {ADMIN_TEXTS.earnerCoolDown}
        </summary>
        <div className="mt-4">
          {field('claimPeriod', ADMIN_TEXTS.claimPeriodLabel, ADMIN_TEXTS.claimPeriodHint)}
        </div>
      </details>
      <details open className="rounded-2xl border border-slate-200 bg-white p-5">
        <summary className="cursor-pointer font-semibold text-slate-900">
          {ADMIN_TEXTS.sponsorCoolDown}
        </summary>
        <div className="mt-4 flex flex-col gap-5">
          {field('approvalPeriod', ADMIN_TEXTS.approvalPeriodLabel, ADMIN_TEXTS.approvalPeriodHint)}
          {field('lockPeriod', ADMIN_TEXTS.lockPeriodLabel, ADMIN_TEXTS.lockPeriodHint)}
        </div>
      </details>
      {differs && (
        <button
          type="submit"
          disabled={isSubmitting || chain.isRunning}
          className={`${buttonStyles.primary} self-start`}
        >
          {isSubmitting ? 'Saving...' : ADMIN_TEXTS.saveChanges}
        </button>
      )}
    </form>
  );
}
