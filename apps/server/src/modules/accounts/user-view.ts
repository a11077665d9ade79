import type { AccountUser } from '@gets/schema';
import type { User } from './user-repository.ts';

/** A user as the API answers it: spec section 3's field names. */
export function toUserView(user: User): AccountUser {
  return {
    _id: user.id,
    email: user.email,
    fullName: user.fullName,
    userName: user.userName,
    userType: user.userType,
    status: user.status,
    isVerified: user.isVerified,
    emailVerified: user.emailVerified,
    profilePic: user.profilePic,
    account: user.account,
    onChainId: user.onChainId,
    emailClaimReminder: user.emailClaimReminder,
    emailApplicationDigest: user.emailApplicationDigest,
  };
}
