// An authenticator app's secret is stored sealed under the key-encryption key
// (custody/sealed-secret.ts), bound to its owner: a copy of the database alone
// does not give the codes that, with a stolen password, would sign in and
// confirm money moves. Secrets stored before sealing existed are sealed at
// the next start; a key rotation re-wraps them with the wallet keys.
import type { Database } from '../../db/database.ts';
import type { Keystore } from '../../custody/keystore.ts';
import type { KeyEncryptionKey } from '../../custody/envelope.ts';
import {
  isSealedSecret,
  rewrapSecret,
  SEALED_SECRET_PREFIX,
  sealedUnderPrefix,
  sealSecret,
} from '../../custody/sealed-secret.ts';
import {
  lockTotpSecretsNotStartingWith,
  updateTotpSecrets,
  type StoredTotpSecrets,
  type Subject,
} from './factor-repository.ts';

const ROWS_PER_PASS = 500;

/** Whose secret it is: the associated data of its seal. */
const bindingOf = (subject: Subject) => `totp:${subject.kind}:${subject.id}`;

export const sealTotpSecret = (keystore: Keystore, subject: Subject, secret: string) =>
  keystore.sealSecret(secret, bindingOf(subject));

export const openTotpSecret = (keystore: Keystore, subject: Subject, stored: string) =>
  keystore.openSecret(stored, bindingOf(subject));

/** Changes every stored secret of the rows `prefix` does not match, page by page, in one transaction. */
async function resealRows(
  db: Database,
  prefix: string,
  reseal: (stored: string, subject: Subject) => Promise<string> | string,
): Promise<number> {
  return db.transaction(async (tx) => {
    let count = 0;
    for (;;) {
      const page = await lockTotpSecretsNotStartingWith(tx, prefix, ROWS_PER_PASS);
      if (page.length === 0) return count;
      for (const row of page) {
        const again = async (stored: string | null) =>
          stored === null || stored.startsWith(prefix) ? stored : reseal(stored, row.subject);
        const next: StoredTotpSecrets = {
          subject: row.subject,
          secret: await again(row.secret),
          pendingSecret: await again(row.pendingSecret),
        };
        await updateTotpSecrets(tx, next);
        count++;
      }
    }
  });
}

/** At the start: seals the secrets stored in the clear (before sealing existed); answers how many rows. */
export function sealPlaintextTotpSecrets(db: Database, keystore: Keystore): Promise<number> {
  return resealRows(db, SEALED_SECRET_PREFIX, (stored, subject) =>
    sealTotpSecret(keystore, subject, stored),
  );
}

/** A key rotation: every secret's data key re-wrapped under `next`; answers how many rows. */
export function rewrapTotpSecrets(
  db: Database,
  known: Map<string, KeyEncryptionKey>,
  next: KeyEncryptionKey,
): Promise<number> {
  return resealRows(db, sealedUnderPrefix(next.id), (stored, subject) =>
    isSealedSecret(stored)
      ? rewrapSecret(known, stored, bindingOf(subject), next)
      : sealSecret(next, stored, bindingOf(subject)),
  );
}
