// The life of one chain action, start to end: ask the server for consent, show
// the consent dialog, submit the confirmed token, then watch the queued
// transaction until it is COMPLETED or FAILED. Toasts follow spec section 8.
// Past STILL_PROCESSING_AFTER_MS from the consent the page stops waiting: the
// progress toast turns into "Still processing" with where to follow the
// transaction, and the action rejects with a ChainActionError of kind
// 'processing' (see isStillProcessing).
import { createElement } from 'react';
import {
  consentRequiredSchema,
  queuedSchema,
  secondFactorRequiredSchema,
  TOASTS,
  type SecondFactorRequired,
  type TransactionStatus,
} from '@gets/schema';
import type { ApiResult } from '@/lib/api-client';
import { withConsentFactor, type ConsentFactor } from '@/lib/consent-factor';
import { toast } from '@/lib/toast';
import {
  STILL_PROCESSING_TEXTS,
  StillProcessingNotice,
} from '../components/still-processing-notice';
import { ChainActionError } from './chain-action-error';
import { SecondFactorRefusedError } from './second-factor-refused';
import type { ChainActor } from './transaction-stream';
import {
  STILL_PROCESSING_AFTER_MS,
  TransactionStillProcessingError,
  waitForTransaction,
  type StatusFeed,
} from './wait-for-transaction';

/** Calls the action endpoint: without a token it asks for consent, with one it queues. */
export type ActionRequest = (consentToken?: string) => Promise<ApiResult<unknown>>;

export interface ConsentPrompt {
  title: string;
  description: string;
  expiresAt: string;
  /** Whose action it is: the note offering a factor links to their Security page. */
  actor?: ChainActor;
  /** For a person with a second factor: Confirm asks for it. */
  secondFactor?: SecondFactorRequired | undefined;
}

/**
 * Shows the dialog. On Confirm it runs `submit` (with the second factor the
 * person gave, when the prompt asks for one) with the dialog still open
 * (Confirm disabled) and resolves with its result; on Cancel it resolves with
 * `{ confirmed: false }` without calling `submit`. A SecondFactorRefusedError
 * from `submit` keeps the dialog open.
 */
export type AskConsent = <T>(
  prompt: ConsentPrompt,
  submit: (factor?: ConsentFactor) => Promise<T>,
) => Promise<{ confirmed: false } | { confirmed: true; value: T }>;

export interface RunChainActionOptions {
  request: ActionRequest;
  auth: ChainActor;
  askConsent: AskConsent;
  getStatus: (transactionId: string) => Promise<ApiResult<TransactionStatus>>;
  feed: StatusFeed | null;
  title?: string;
  onStatus?: (status: TransactionStatus) => void;
  /** For an action queued as several transactions: how many have ended, of how many. */
  onProgress?: (progress: { done: number; total: number }) => void;
  /**
   * The progress toast's words once the action is QUEUED (the consent confirmed), in place of
   * "Processing request..." (say, "Your badge is being published...").
   */
  progressText?: string;
  /**
   * The progress toast's id, for a caller whose work goes on after COMPLETED under the same
   * words: the toast is then left open for it to turn into the outcome. Dismissing it and
   * opening another would show both while the first animates out.
   */
  progressToastId?: string;
}

export const DEFAULT_CONSENT_TITLE = 'Confirm transaction';

/** The queued transactions: one, or every part of an action queued as several under one consent. */
function queuedIdsOf(data: unknown): string[] | null {
  const queued = queuedSchema.safeParse(data);
  if (!queued.success) return null;
  return queued.data.transactionIds?.length
    ? queued.data.transactionIds
    : [queued.data.transactionId];
}

export async function runChainAction({
  request,
  auth,
  askConsent,
  getStatus,
  feed,
  title = DEFAULT_CONSENT_TITLE,
  onStatus,
  onProgress,
  progressText = TOASTS.loading.processingRequest,
  progressToastId,
}: RunChainActionOptions): Promise<TransactionStatus> {
  const first = await request();
  const consent = first.success ? consentRequiredSchema.safeParse(first.data) : null;
  // An endpoint may queue at once (consent given earlier in the same flow).
  let transactionIds = first.success ? queuedIdsOf(first.data) : null;

  if (!transactionIds) {
    if (!consent?.success) {
      toast.error(TOASTS.error.consentFailed, {
        description: first.success ? undefined : first.message,
      });
      throw new ChainActionError('consent', first.message);
    }
    const { consentToken, description, expiresAt, secondFactor } = consent.data;
    const prompt = { title, description, expiresAt, actor: auth, secondFactor };
    const answer = await askConsent(prompt, async (factor) => {
      const submitted = await withConsentFactor(consentToken, factor, () => request(consentToken));
      const ids = submitted.success ? queuedIdsOf(submitted.data) : null;
      if (!submitted.success && submitted.status === 401) {
        const again = secondFactorRequiredSchema.safeParse(submitted.details);
        if (again.success) throw new SecondFactorRefusedError(submitted.message, again.data);
      }
      if (!ids) {
        toast.error(`${submitted.message}!`);
        throw new ChainActionError('submit', submitted.message);
      }
      return ids;
    });
    if (!answer.confirmed) throw new ChainActionError('cancelled', 'Cancelled');
    transactionIds = answer.value;
  }

  // One bound for every part: the user consented once, to the whole action.
  const deadline = Date.now() + STILL_PROCESSING_AFTER_MS;
  const loadingId =
    progressToastId === undefined
      ? toast.loading(progressText)
      : toast.loading(progressText, { id: progressToastId });
  let final: TransactionStatus | null = null;
  try {
    // The parts run one after another from one wallet: the first that fails is the outcome.
    for (const [index, transactionId] of transactionIds.entries()) {
      if (transactionIds.length > 1) onProgress?.({ done: index, total: transactionIds.length });
      final = await waitForTransaction({ transactionId, getStatus, feed, onStatus, deadline });
      if (final.status === 'FAILED') break;
    }
  } catch (error) {
    if (error instanceof TransactionStillProcessingError) {
      // Kept until closed: the link is what the user needs, and it must stay to be clicked.
      toast.info(STILL_PROCESSING_TEXTS.title, {
        id: loadingId,
        description: createElement(StillProcessingNotice, { transaction: error.transaction }),
        duration: Infinity,
      });
      throw new ChainActionError('processing', error.message, error.transaction);
    }
    toast.dismiss(loadingId);
    throw new ChainActionError('status', error instanceof Error ? error.message : String(error));
  }
  if (!final) throw new ChainActionError('status', 'No transaction was queued');
  if (transactionIds.length > 1 && final.status === 'COMPLETED') {
    onProgress?.({ done: transactionIds.length, total: transactionIds.length });
  }
  if (final.status === 'FAILED') {
    toast.error(`${final.failureReason ?? 'Transaction failed'}!`, { id: loadingId });
  } else if (progressToastId === undefined) {
    toast.dismiss(loadingId);
  }
  return final;
}
