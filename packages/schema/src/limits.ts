// What the limits on public calls and on logins say to the person refused.

/**
 * "Too many requests from your network. Please try again in 42 seconds": the
 * per-IP limit of the public calls that read the chain or verify a credential.
 */
export const tooManyRequestsMessage = (seconds: number) =>
  `Too many requests from your network. Please try again in ${seconds} second${seconds === 1 ? '' : 's'}`;

/**
 * "Too many failed logins to this account. Please wait 2 minutes before
 * trying again, or reset your password": the account's logins from every IP
 * together; each further one waits longer, up to a ceiling, never a lockout.
 */
export const loginDelayMessage = (seconds: number) => {
  const [count, unit] = seconds < 120 ? [seconds, 'second'] : [Math.ceil(seconds / 60), 'minute'];
  return `Too many failed logins to this account. Please wait ${count} ${unit}${count === 1 ? '' : 's'} before trying again, or reset your password`;
};
