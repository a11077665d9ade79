// A sponsor's profile picture, or the default (their initials) when there is none.
export function SponsorPicture({
  sponsor,
  size = 'size-12',
}: {
  sponsor: { profilePic: string | null; fullName: string; userName: string };
  size?: string;
}) {
  if (sponsor.profilePic) {
    return (
      <img
        src={sponsor.profilePic}
        alt={`${sponsor.fullName}'s picture`}
        className={`${size} shrink-0 rounded-full object-cover ring-2 ring-brand-200`}
      />
    );
  }
  const initials = (sponsor.fullName || sponsor.userName)
    .split(/\s+/)
    .map((part) => part.charAt(0))
    .join('')
    .slice(0, 2)
    .toUpperCase();
  return (
    <span
      role="img"
      aria-label={`${sponsor.fullName}'s picture`}
      className={`${size} grid shrink-0 place-items-center rounded-full bg-brand-900 text-sm font-bold text-brand-200 ring-2 ring-brand-200`}
    >
      {initials}
    </span>
  );
}
