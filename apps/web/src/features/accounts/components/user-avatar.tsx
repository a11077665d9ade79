// A user's picture, or their initials on the brand colour when there is none.
import type { SessionUser } from '../lib/session';
import { displayName } from '../lib/session';

export function UserAvatar({ user, size = 'size-9' }: { user: SessionUser; size?: string }) {
  if (user.profilePic) {
    return (
      <img
        src={user.profilePic}
        alt=""
        className={`${size} shrink-0 rounded-full object-cover ring-2 ring-brand-200`}
      />
    );
  }
  const initials = displayName(user)
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`${size} grid shrink-0 place-items-center rounded-full bg-brand-900 text-xs font-bold text-brand-200 ring-2 ring-brand-200`}
    >
      {initials}
    </span>
  );
}
