// `npm run security:reset-factors -- <email>`: the way back for a person who
// lost every passkey, their authenticator app and every recovery code. Only
// the operator, with shell access to the deployment, can run it, after
// checking out of band that the request comes from the account's owner (the
// platform cannot: whoever asks holds at most the password). It removes the
// person's factors and recovery codes and ends their sessions; their wallet,
// tokens and badges are untouched, and they sign in with their password and
// enrol a new factor. An admin's factors go the same way (they must enrol
// again before any change).
import { ConfigError, loadConfig } from '../config.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';
import { migrate } from '../db/migrate.ts';
import { revokeSubjectSessions } from '../modules/accounts/session-repository.ts';
import { resetSubjectFactors } from '../modules/security/factor-repository.ts';
import { recordSecurityEvent } from '../modules/accounts/security-event-repository.ts';

export async function resetFactors(
  env: Record<string, string | undefined>,
  email: string | undefined,
): Promise<string> {
  if (!email) throw new ConfigError(['usage: npm run security:reset-factors -- <email>']);
  const config = loadConfig(env);
  const db = await openConfiguredDatabase(config);
  try {
    await migrate(db);
    const subjects = await db.query<{ kind: 'user' | 'admin'; id: string }>(
      `SELECT 'user' AS kind, id FROM users WHERE lower(email) = lower($1)
       UNION ALL SELECT 'admin', id FROM admins WHERE lower(email) = lower($1)`,
      [email],
    );
    if (subjects.length === 0) throw new Error(`No user or admin has the email ${email}`);
    for (const subject of subjects) {
      await db.transaction(async (tx) => {
        await resetSubjectFactors(tx, subject);
        await recordSecurityEvent(tx, subject, 'factors.reset', { by: 'operator' });
        await revokeSubjectSessions(tx, subject.kind, subject.id);
      });
    }
    const who = subjects.map((subject) => subject.kind).join(' and ');
    return `Removed every second factor and recovery code of ${email} (${who}) and ended their sessions; they sign in with their password and enrol a new factor.`;
  } finally {
    await db.close();
  }
}

if (process.argv[1] === import.meta.filename) {
  resetFactors(process.env, process.argv[2]).then(
    (message) => console.log(message),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(error instanceof ConfigError ? 2 : 1);
    },
  );
}
