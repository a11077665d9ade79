// An earner's invitations to private badges (decision 0063): a sponsor's
// invitation reaches the earner whose account uses the invited email, who
// accepts or declines it on the platform; only an accepted invitation's
// wallet is whitelisted on chain, by one more consent of the sponsor.
import { z } from 'zod';
import { envelope } from './api.ts';
import { uuidOf } from './application-fields.ts';

/**
 * PENDING: waiting for the earner's answer. ACCEPTED: accepted; the sponsor
 * whitelists the earner's wallet next, then the earner can apply.
 */
export const EARNER_INVITATION_STATUSES = ['PENDING', 'ACCEPTED'] as const;
export type EarnerInvitationStatus = (typeof EARNER_INVITATION_STATUSES)[number];

/** GET /badge/invitations: the signed-in earner's open invitations, newest first. */
export const earnerInvitationSchema = z.object({
  /** The badge's _id (its page is /badge/{badgeId}). */
  badgeId: z.string(),
  badgeName: z.string(),
  sponsorName: z.string(),
  invitedAt: z.string(),
  status: z.enum(EARNER_INVITATION_STATUSES),
});
export type EarnerInvitation = z.infer<typeof earnerInvitationSchema>;
export const earnerInvitationsResponseSchema = envelope(z.array(earnerInvitationSchema));

/** POST /badge/invitations/accept and /decline: the badge of the invitation answered. */
export const invitationAnswerRequestSchema = z.object({ badgeId: uuidOf('badgeId') });
export type InvitationAnswerRequest = z.input<typeof invitationAnswerRequestSchema>;
export const invitationAnswerResponseSchema = envelope(earnerInvitationSchema.nullable());

/** The invitation in the words the earner reads it. */
export const invitationHeadline = (
  invitation: Pick<EarnerInvitation, 'sponsorName' | 'badgeName'>,
) => `${invitation.sponsorName} invites you to apply for ${invitation.badgeName}`;

/** What accepting does, said before the earner accepts. */
export const ACCEPT_INVITATION_NOTE =
  'Accepting lets the sponsor whitelist your wallet for this private badge (the whitelist is on the public chain), so you can apply. The sponsor sees that you accepted, and your wallet only once you apply. Declining tells the sponsor nothing.';

/** What an accepted invitation waits for. */
export const ACCEPTED_INVITATION_NOTE =
  'You accepted. The sponsor whitelists your wallet next; then you can apply here.';
