// Dates as people read them in the server's words (mails, a consent's
// description, a transaction's events): the month in words, never
// numeric-only ("12/8/2026") nor the GMT form ("Tue, 08 Dec 2026 ... GMT"),
// in UTC since the server does not know the reader's time zone, and said so
// (decision 0067). The web writes the same form in the reader's own zone.
const LOCALE = 'en-US';
const dates = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeZone: 'UTC' });
const dateTimes = new Intl.DateTimeFormat(LOCALE, {
  dateStyle: 'long',
  timeStyle: 'short',
  timeZone: 'UTC',
});

/** "December 8, 2026 at 3:00 PM UTC". */
export const utcDateTime = (date: Date) => `${dateTimes.format(date)} UTC`;

/** "December 8, 2026" (the UTC day). */
export const utcDate = (date: Date) => dates.format(date);
