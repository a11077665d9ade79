// What a developer must not miss in a terminal full of log lines: where the
// platform is, the admin login link (every start), the first admin's password, a one-time code or
// link the outbox would have mailed. Printed to stdout as a box of its own,
// apart from the log (JSON or pretty), and last at start, so it stays in view.

const TITLE = 'GETS Badges';

/**
 * The lines in a box. A line is never wrapped, so a link stays one piece to
 * copy or click; a space follows each, so a terminal's link ends before the border.
 */
export function banner(lines: readonly string[], title = TITLE): string {
  const width = Math.max(title.length + 2, ...lines.map((line) => line.length));
  const top = `┌─ ${title} ${'─'.repeat(width - title.length - 1)}┐`;
  const rows = lines.map((line) => `│ ${line.padEnd(width)} │`);
  const bottom = `└${'─'.repeat(width + 2)}┘`;
  return ['', top, ...rows, bottom, ''].join('\n');
}

/** The box printed once the platform is up: where it is, then what this start must tell (the admin login link; the first admin). */
export function startupBanner(url: string | undefined, notices: readonly string[]): string {
  const ready = url ? `GETS Badges is ready at ${url}` : 'GETS Badges worker is running';
  return banner(notices.length > 0 ? [ready, '', ...notices] : [ready]);
}
