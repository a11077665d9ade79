// The create-badge page's form (spec sections 2 and 5): every field validated
// on change with the spec's messages, the remaining title characters, digits
// only for tokens, badges and expiry, the image through the crop dialog, the
// balance check against the chain with the 9 GETS fee, what publishing costs
// (balance, rewards held in escrow, fee, total, after) before the consent,
// the live preview, and Save Draft / Save Changes / Publish (saying why
// Publish is disabled).
import { useEffect, useId, useMemo, useState, type ChangeEvent } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import {
  BADGE_CREATION_FEE_GETS,
  dateInDays,
  TITLE_MAX_LENGTH,
  TOASTS,
  TOKEN,
  VALIDATION,
  badgeFormSchema,
  type Badge,
  type BadgeFormInput,
} from '@gets/schema';
import { buttonStyles } from '@/components/ui/button-styles';
import { DisabledReason } from '@/components/ui/disabled-reason';
import { SelectField, TextAreaField, TextField } from '@/components/ui/form-field';
import { showApiError } from '@/lib/api-feedback';
import { toast } from '@/lib/toast';
import { useImageUpload, type UserSession } from '@/features/accounts';
import { useBalances } from '@/features/staking';
import { BADGES_QUERY_KEY } from '../api/keys';
import { canAfford, usePublishBadge } from '../api/publish-badge';
import { createDraft, editDraft } from '../api/save-draft';
import { contentFromForm, EMPTY_FORM, formFromBadge } from '../lib/badge-form';
import { SAMPLE_QR_VALUE } from '../lib/badge-links';
import { BadgeCardFace } from './badge-card';
import { ImageCropDialog } from './image-crop-dialog';
import { PublishCosts } from './publish-costs';

export const FEE_TOOLTIP = `Badge creation fee - ${BADGE_CREATION_FEE_GETS} ${TOKEN.symbol}`;

/** The balance check under the form: what the sponsor can see before publishing. */
function BalanceCheck({ state, id }: { state: 'input' | 'enough' | 'short'; id: string }) {
  const text = {
    input: VALIDATION.badge.inputTokensAndBadges,
    enough: VALIDATION.badge.enoughBalance,
    short: VALIDATION.badge.notEnoughBalance,
  }[state];
  const tone = {
    input: 'bg-slate-50 text-slate-700',
    enough: 'bg-brand-50 text-brand-900',
    short: 'bg-red-50 text-red-700',
  }[state];
  return (
    <p id={id} role="status" className={`rounded-xl px-4 py-3 text-sm font-medium ${tone}`}>
      {text}
    </p>
  );
}

/** On a phone the tooltip opens leftwards from the button and wraps, so it stays on the screen. */
export function FeeTooltip() {
  return (
    <span className="group relative inline-flex">
      <button
        type="button"
        aria-label="About the badge creation fee"
        aria-describedby="badge-fee-tooltip"
        className="grid size-6 place-items-center rounded-full border border-slate-300 text-xs font-bold text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-700"
      >
        i
      </button>
      <span
        id="badge-fee-tooltip"
        role="tooltip"
        className="invisible absolute top-8 right-0 z-10 w-max max-w-[calc(100vw-2rem)] rounded-lg bg-slate-900 px-3 py-1.5 text-xs text-white shadow group-focus-within:visible group-hover:visible sm:right-auto sm:left-1/2 sm:-translate-x-1/2 sm:whitespace-nowrap"
      >
        {FEE_TOOLTIP}
      </span>
    </span>
  );
}

export function BadgeForm({ session, draft }: { session: UserSession; draft?: Badge | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const balances = useBalances({ auth: 'user' });
  const { upload, isUploading } = useImageUpload();
  const { publish, isPublishing } = usePublishBadge();
  const [image, setImage] = useState<string | null>(draft?.image ?? null);
  const [cropSource, setCropSource] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const form = useForm<BadgeFormInput>({
    resolver: zodResolver(badgeFormSchema),
    mode: 'onChange',
    defaultValues: draft ? formFromBadge(draft) : EMPTY_FORM,
  });
  const { register, handleSubmit, formState, control, setValue, setError } = form;
  const values = useWatch({ control }) as BadgeFormInput;
  const errors = formState.errors;

  useEffect(
    () => () => {
      if (cropSource) URL.revokeObjectURL(cropSource);
    },
    [cropSource],
  );

  const tokensOk =
    !errors.tokens && /^\d+$/.test(values.tokens ?? '') && Number(values.tokens) >= 1;
  const badgesOk =
    !errors.badges && /^\d+$/.test(values.badges ?? '') && Number(values.badges) >= 1;
  const affordable = useMemo(
    () =>
      tokensOk &&
      badgesOk &&
      balances.data !== undefined &&
      canAfford(balances.data.userBalance, {
        amountOfToken: values.tokens,
        numberOfBadge: Number(values.badges),
      }),
    [tokensOk, badgesOk, balances.data, values.tokens, values.badges],
  );
  const balanceState = !tokensOk || !badgesOk ? 'input' : affordable ? 'enough' : 'short';
  const busy = saving || isPublishing || isUploading;
  const balanceCheckId = useId();
  const busyHintId = useId();
  const busyReason = isUploading
    ? 'Wait until the image is uploaded.'
    : saving || isPublishing
      ? 'Wait until this badge is saved.'
      : null;
  const expiryDays = /^\d+$/.test(values.expiry ?? '') ? Number(values.expiry) : 0;

  /** A registered input that keeps digits only (tokens, badges, expiry). */
  function digits(name: 'tokens' | 'badges' | 'expiry', after?: (value: string) => void) {
    const field = register(name);
    return {
      ...field,
      inputMode: 'numeric' as const,
      onChange: async (event: ChangeEvent<HTMLInputElement>) => {
        event.target.value = event.target.value.replace(/\D+/g, '');
        await field.onChange(event);
        after?.(event.target.value);
      },
    };
  }
  const titleLength = values.title?.length ?? 0;

  function onImageChosen(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setCropSource(URL.createObjectURL(file));
  }

  async function onCropped(file: File) {
    setCropSource(null);
    const url = await upload(file);
    if (url) setImage(url);
  }

  /** The body from valid values, or null (toast) without an image. */
  function contentOf(valid: BadgeFormInput) {
    if (!image) {
      toast.error(TOASTS.error.imageRequired);
      return null;
    }
    return contentFromForm(valid, image);
  }

  const saveDraft = handleSubmit(async (valid) => {
    const content = contentOf(valid);
    if (!content) return;
    setSaving(true);
    const toastId = toast.loading(TOASTS.loading.creatingDraft);
    try {
      const result = draft ? await editDraft(draft._id, content) : await createDraft(content);
      if (!result.success) {
        toast.dismiss(toastId);
        showApiError(result);
        return;
      }
      toast.success(draft ? TOASTS.success.changesSaved : TOASTS.success.draftCreated, {
        id: toastId,
      });
      await queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
      void navigate('/dashboard');
    } finally {
      setSaving(false);
    }
  });

  const publishBadge = handleSubmit(async (valid) => {
    const content = contentOf(valid);
    if (!content) return;
    const published = await publish({
      content,
      email: session.user.email,
      balance: balances.data?.userBalance,
      draftId: draft?._id,
    });
    if (published) void navigate('/dashboard');
  });

  return (
    <div className="grid gap-10 lg:grid-cols-[1fr_18rem]">
      <form
        noValidate
        onSubmit={(event) => event.preventDefault()}
        className="space-y-5"
        aria-label="Badge"
      >
        <div className="space-y-2">
          <span className="text-sm font-medium text-slate-800">Badge image</span>
          <div className="flex items-center gap-4">
            {image ? (
              <img
                src={image}
                alt="Chosen badge image"
                className="size-20 rounded-xl object-cover"
              />
            ) : (
              <div className="grid size-20 place-items-center rounded-xl bg-slate-100 text-xs text-slate-600">
                No image
              </div>
            )}
            <label className={`${buttonStyles.outline} cursor-pointer`}>
              {image ? 'Change image' : 'Upload image'}
              <input
                type="file"
                accept="image/*"
                className="sr-only"
                onChange={onImageChosen}
                disabled={busy}
              />
            </label>
          </div>
        </div>

        <TextField
          label="Title"
          maxLength={TITLE_MAX_LENGTH + 10}
          error={errors.title?.message}
          hint={
            titleLength >= 1 && titleLength <= TITLE_MAX_LENGTH
              ? `${TITLE_MAX_LENGTH - titleLength} characters remaining`
              : undefined
          }
          {...register('title')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label={`Tokens per badge (${TOKEN.symbol})`}
            error={errors.tokens?.message}
            {...digits('tokens')}
          />
          <TextField
            label="Number of badges"
            error={errors.badges?.message}
            {...digits('badges')}
          />
        </div>
        <PublishCosts
          balance={balances.data?.userBalance}
          tokens={tokensOk ? values.tokens : null}
          badges={badgesOk ? Number(values.badges) : null}
        />
        <BalanceCheck state={balanceState} id={balanceCheckId} />
        <TextAreaField
          label="Award criteria"
          error={errors.criteria?.message}
          {...register('criteria')}
        />
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField
            label="Expiry (days)"
            error={errors.expiry?.message}
            {...digits('expiry', (value) => {
              // A value under 1 is cleared (spec section 5), saying why.
              if (value !== '' && Number(value) < 1) {
                setValue('expiry', '');
                setError('expiry', { message: VALIDATION.badge.expiryMin });
              }
            })}
          />
          <SelectField
            label="Badge access"
            error={errors.badgeAccess?.message}
            options={[
              { value: 'public', label: 'Public' },
              { value: 'private', label: 'Private' },
            ]}
            {...register('badgeAccess')}
          />
        </div>
        <TextAreaField
          label="Description"
          error={errors.description?.message}
          {...register('description')}
        />
        <TextField
          label="Video link"
          type="url"
          error={errors.videoLink?.message}
          {...register('videoLink')}
        />
        <TextAreaField
          label="Evidence"
          error={errors.evidence?.message}
          {...register('evidence')}
        />

        <div className="flex flex-wrap gap-3 pt-2">
          <button
            type="button"
            className={buttonStyles.outline}
            disabled={busy}
            aria-describedby={busyReason ? busyHintId : undefined}
            onClick={() => void saveDraft()}
          >
            {draft ? 'Save Changes' : 'Save Draft'}
          </button>
          <button
            type="button"
            className={buttonStyles.primary}
            disabled={busy || balanceState === 'short'}
            aria-describedby={
              busyReason ? busyHintId : balanceState === 'short' ? balanceCheckId : undefined
            }
            onClick={() => void publishBadge()}
          >
            Publish
          </button>
        </div>
        <DisabledReason id={busyHintId} reason={busyReason} />
      </form>

      <aside aria-label="Preview" className="lg:sticky lg:top-24 lg:self-start">
        <p className="mb-3 text-sm font-semibold tracking-wide text-slate-500 uppercase">Preview</p>
        <BadgeCardFace
          badge={{
            _id: 'preview',
            name: values.title ?? '',
            image: image ?? '',
            badgeNo: null,
            isDraft: false,
            batchExpiryDate:
              expiryDays >= 1 ? dateInDays(expiryDays).toISOString() : '9999-12-31T00:00:00.000Z',
            expiryDate: null,
          }}
          qrValue={SAMPLE_QR_VALUE}
          dates={expiryDays >= 1}
        />
      </aside>

      {cropSource && (
        <ImageCropDialog
          source={cropSource}
          onCancel={() => setCropSource(null)}
          onSave={(file) => void onCropped(file)}
        />
      )}
    </div>
  );
}
