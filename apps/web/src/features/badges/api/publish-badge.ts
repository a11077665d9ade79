// Publishing: POST /metakeep/badge/create through the one consent dialog (the
// server's words: the escrow of badges × tokens, the 9 GETS fee, the badge on
// chain), then POST /badge/add with the chain's badge id, which answers the
// badge the completed create saved. A failure leaves the draft as it was.
import { useQueryClient } from '@tanstack/react-query';
import { TOASTS, VALIDATION, parseGetsAmount, publishTotalUnits, type Badge } from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { isCancelled, isStillProcessing, useChainAction } from '@/features/custody';
import type { BadgeContentBody } from '../lib/badge-form';
import { BADGES_QUERY_KEY } from './keys';

/** Whether a wallet balance (GETS, decimal string) pays badges × tokens + the fee. */
export function canAfford(
  balance: string | undefined,
  content: Pick<BadgeContentBody, 'amountOfToken' | 'numberOfBadge'>,
) {
  const reward = parseGetsAmount(String(content.amountOfToken));
  const held = balance === undefined ? null : parseGetsAmount(balance);
  const count = Number(content.numberOfBadge);
  if (!reward.ok || !Number.isInteger(count) || count < 1) return false;
  const have = held?.ok ? held.units : 0n;
  return have >= publishTotalUnits(reward.units, count);
}

export function usePublishBadge() {
  const queryClient = useQueryClient();
  const action = useChainAction({ auth: 'user', title: 'Publish badge' });

  async function publish(input: {
    content: BadgeContentBody;
    email: string;
    balance: string | undefined;
    draftId?: string | undefined;
  }): Promise<Badge | null> {
    if (!canAfford(input.balance, input.content)) {
      toast.error(VALIDATION.badge.notEnoughBalanceToPublish);
      return null;
    }
    const body = {
      ...input.content,
      isPublic: input.content.badgeAccess === 'public',
      email: input.email,
      ...(input.draftId ? { draftId: input.draftId } : {}),
    };
    // "Your badge is being published..." only once the consent is confirmed (QUEUED): it is
    // the action's progress toast, which the chain action shows after the consent dialog and
    // leaves open here, under the same words, while the platform records the badge.
    const toastId = `publish-badge-${crypto.randomUUID()}`;
    let recording = false;
    try {
      const final = await action.run(
        (consentToken) =>
          apiRequest('/metakeep/badge/create', {
            method: 'POST',
            body: { ...body, consentToken },
          }),
        { progressText: TOASTS.loading.publishingBadge, progressToastId: toastId },
      );
      const created = final.events.find((e) => e.eventName === 'BadgeCreated');
      if (final.status !== 'COMPLETED' || !created || !final.transactionHash) {
        // A FAILED action has already turned the toast into its reason.
        if (final.status === 'COMPLETED')
          toast.error(TOASTS.error.badgeCreationFailed, { id: toastId });
        return null;
      }
      recording = true;
      const saved = await apiRequest<Badge>('/badge/add', {
        method: 'POST',
        body: {
          ...input.content,
          onChainId: created.args.badgeId,
          transactionHash: final.transactionHash,
        },
      });
      if (!saved.success) {
        toast.error(TOASTS.error.badgeCreationFailed, { id: toastId, description: saved.message });
        return null;
      }
      toast.success(TOASTS.success.badgePublished, { id: toastId });
      return saved.data;
    } catch (error) {
      // Still processing: its own toast says so, and the badge is saved when it completes.
      if (!isCancelled(error) && !isStillProcessing(error)) {
        toast.error(TOASTS.error.badgeCreationFailed, recording ? { id: toastId } : undefined);
      }
      return null;
    } finally {
      void queryClient.invalidateQueries({ queryKey: BADGES_QUERY_KEY });
    }
  }

  return { publish, isPublishing: action.isRunning, status: action.status };
}
