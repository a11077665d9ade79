// Whitelisting from a CSV file on a private badge: the server's preview of
// every row (POST /badge/whitelist/csv/preview), the confirmation through the
// one consent dialog (POST /badge/whitelist/csv: every earner's wallet in one
// consent, every email invited), and the badge's pending invitees: an
// invitation not delivered sent again, one withdrawn, and the ones who
// accepted whitelisted with one more consent (decision 0063).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  earnersWhitelistedToast,
  WHITELIST_CSV_MESSAGES,
  type Badge,
  type WhitelistCsvPreview,
  type WhitelistInvitation,
} from '@gets/schema';
import { apiRequest } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useChainAction } from '@/features/custody';
import { reportFailure } from '../lib/report-failure';
import { APPLICATIONS_QUERY_KEY } from './keys';

export const WHITELIST_CSV_TITLE = 'Whitelist from CSV';

export function previewWhitelistCsv(badge: Badge, csv: string) {
  return apiRequest<WhitelistCsvPreview>('/badge/whitelist/csv/preview', {
    method: 'POST',
    body: { badgeOnChainId: badge.onChainId, csv },
  });
}

const confirmWhitelistCsv = (badge: Badge, csv: string, consentToken?: string) =>
  apiRequest<{ invited: number }>('/badge/whitelist/csv', {
    method: 'POST',
    body: { badgeOnChainId: badge.onChainId, csv, consentToken },
  });

/** Whitelists the file's wallets in one consent and invites its emails (or only invites). */
export function useWhitelistFromCsv() {
  const action = useChainAction({ auth: 'user', title: WHITELIST_CSV_TITLE });
  const queryClient = useQueryClient();

  async function confirm(badge: Badge, csv: string, preview: WhitelistCsvPreview) {
    try {
      if (preview.counts.ready === 0) {
        const sent = await confirmWhitelistCsv(badge, csv);
        if (!sent.success) {
          toast.error(`${sent.message}!`);
          return false;
        }
        toast.success(`${WHITELIST_CSV_MESSAGES.invitationsSent}!`);
        void queryClient.invalidateQueries({ queryKey: APPLICATIONS_QUERY_KEY });
        return true;
      }
      const final = await action.run((consentToken) =>
        confirmWhitelistCsv(badge, csv, consentToken),
      );
      if (final.status !== 'COMPLETED') return false;
      toast.success(earnersWhitelistedToast(preview.counts.ready));
      if (preview.counts.invite > 0) toast.success(`${WHITELIST_CSV_MESSAGES.invitationsSent}!`);
      return true;
    } catch (error) {
      reportFailure(error);
      return false;
    }
  }

  return { confirm, isConfirming: action.isRunning, progress: action.progress };
}

export const WHITELIST_ACCEPTED_TITLE = 'Whitelist invitees who accepted';

/**
 * Whitelists the invitees of these emails who accepted, through the one
 * consent dialog; the server finds their wallets, and the sponsor sees none.
 */
export function useWhitelistAccepted() {
  const action = useChainAction({ auth: 'user', title: WHITELIST_ACCEPTED_TITLE });

  async function whitelistAccepted(badge: Badge, emails: string[]) {
    try {
      const final = await action.run((consentToken) =>
        apiRequest('/badge/whitelist/invitations/accepted', {
          method: 'POST',
          body: { badgeId: badge._id, emails, consentToken },
        }),
      );
      if (final.status !== 'COMPLETED') return false;
      toast.success(earnersWhitelistedToast(emails.length));
      return true;
    } catch (error) {
      reportFailure(error);
      return false;
    }
  }

  return { whitelistAccepted, isWhitelisting: action.isRunning };
}

const invitationsKey = (badgeId: string) => [...APPLICATIONS_QUERY_KEY, 'invitations', badgeId];

/** How often the invitees are read again while a mail of theirs is still being sent. */
export const INVITATIONS_REFRESH_MS = 3_000;

/**
 * The badge's invitees not whitelisted yet; refreshed by every finished chain
 * action, and every few seconds while an invitation mail is being sent, so
 * "Sending invitation" turns into what became of it without a reload.
 */
export function useBadgeInvitations(badgeId: string) {
  return useQuery({
    queryKey: invitationsKey(badgeId),
    retry: false,
    refetchInterval: (query) =>
      query.state.data?.some((invitee) => !invitee.accepted && invitee.delivery === 'SENDING')
        ? INVITATIONS_REFRESH_MS
        : false,
    queryFn: async () => {
      const result = await apiRequest<WhitelistInvitation[]>('/badge/whitelist/invitations', {
        query: { badgeId },
      });
      if (!result.success) throw new Error(result.message);
      return result.data;
    },
  });
}

/**
 * One invitee of the badge: "Send again" (resend, an invitation not
 * delivered) or "Withdraw" (DELETE); says how it went in a toast and reads
 * the invitees again.
 */
export function useInvitationChange(badgeId: string, change: 'resend' | 'withdraw') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (email: string) => {
      const result = await apiRequest<unknown>(
        change === 'resend'
          ? '/badge/whitelist/invitations/resend'
          : '/badge/whitelist/invitations',
        { method: change === 'resend' ? 'POST' : 'DELETE', body: { badgeId, email } },
      );
      void queryClient.invalidateQueries({ queryKey: invitationsKey(badgeId) });
      if (!result.success) {
        toast.error(`${result.message}!`);
        return;
      }
      toast.success(
        `${change === 'resend' ? WHITELIST_CSV_MESSAGES.invitationSentAgain : WHITELIST_CSV_MESSAGES.invitationWithdrawn}!`,
      );
    },
  });
}
