// The second factors' rows: passkeys, authenticator apps, recovery codes and
// the WebAuthn challenges handed out (migration 0246).
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

/** Whose factors: a user or an admin (the session's subject). */
export interface Subject {
  kind: 'user' | 'admin';
  id: string;
}

export interface StoredPasskey {
  id: string;
  subject: Subject;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

interface PasskeyRow {
  id: string;
  subject_kind: Subject['kind'];
  subject_id: string;
  credential_id: string;
  public_key: string;
  counter: string | number;
  transports: string[] | string;
  name: string;
  created_at: Date | string;
  last_used_at: Date | string | null;
}

const toPasskey = (row: PasskeyRow): StoredPasskey => ({
  id: row.id,
  subject: { kind: row.subject_kind, id: row.subject_id },
  credentialId: row.credential_id,
  publicKey: row.public_key,
  counter: Number(row.counter),
  transports: typeof row.transports === 'string' ? JSON.parse(row.transports) : row.transports,
  name: row.name,
  createdAt: new Date(row.created_at),
  lastUsedAt: row.last_used_at ? new Date(row.last_used_at) : null,
});

const PASSKEY_COLUMNS = `id, subject_kind, subject_id, credential_id, public_key, counter,
  transports, name, created_at, last_used_at`;

export async function findPasskeys(db: Queryable, subject: Subject): Promise<StoredPasskey[]> {
  const rows = await db.query<PasskeyRow>(
    `SELECT ${PASSKEY_COLUMNS} FROM passkeys
      WHERE subject_kind = $1 AND subject_id = $2 ORDER BY created_at`,
    [subject.kind, subject.id],
  );
  return rows.map(toPasskey);
}

export async function findPasskeyByCredentialId(
  db: Queryable,
  credentialId: string,
): Promise<StoredPasskey | null> {
  const rows = await db.query<PasskeyRow>(
    `SELECT ${PASSKEY_COLUMNS} FROM passkeys WHERE credential_id = $1`,
    [credentialId],
  );
  return rows[0] ? toPasskey(rows[0]) : null;
}

export async function insertPasskey(
  db: Queryable,
  passkey: Omit<StoredPasskey, 'id' | 'createdAt' | 'lastUsedAt'>,
): Promise<StoredPasskey> {
  const rows = await db.query<PasskeyRow>(
    `INSERT INTO passkeys (id, subject_kind, subject_id, credential_id, public_key, counter, transports, name)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${PASSKEY_COLUMNS}`,
    [
      randomUUID(),
      passkey.subject.kind,
      passkey.subject.id,
      passkey.credentialId,
      passkey.publicKey,
      passkey.counter,
      JSON.stringify(passkey.transports),
      passkey.name,
    ],
  );
  return toPasskey(rows[0]!);
}

/** After a good assertion: the counter it showed, and when. */
export async function touchPasskey(db: Queryable, id: string, counter: number): Promise<void> {
  await db.query('UPDATE passkeys SET counter = $2, last_used_at = now() WHERE id = $1', [
    id,
    counter,
  ]);
}

/** Answers whether the subject had that passkey. */
export async function deletePasskey(db: Queryable, subject: Subject, id: string) {
  const rows = await db.query(
    `DELETE FROM passkeys WHERE id = $1 AND subject_kind = $2 AND subject_id = $3 RETURNING id`,
    [id, subject.kind, subject.id],
  );
  return rows.length > 0;
}

export interface StoredTotp {
  secret: string | null;
  pendingSecret: string | null;
  enabledAt: Date | null;
}

export async function findTotp(db: Queryable, subject: Subject): Promise<StoredTotp | null> {
  const rows = await db.query<{
    secret: string | null;
    pending_secret: string | null;
    enabled_at: Date | string | null;
  }>(
    'SELECT secret, pending_secret, enabled_at FROM totp_factors WHERE subject_kind = $1 AND subject_id = $2',
    [subject.kind, subject.id],
  );
  const row = rows[0];
  return row
    ? {
        secret: row.secret,
        pendingSecret: row.pending_secret,
        enabledAt: row.enabled_at ? new Date(row.enabled_at) : null,
      }
    : null;
}

/** A secret being set up: it counts only once confirmed (confirmPendingTotp). */
export async function setPendingTotp(db: Queryable, subject: Subject, secret: string) {
  await db.query(
    `INSERT INTO totp_factors (subject_kind, subject_id, pending_secret) VALUES ($1, $2, $3)
     ON CONFLICT (subject_kind, subject_id) DO UPDATE SET pending_secret = EXCLUDED.pending_secret`,
    [subject.kind, subject.id, secret],
  );
}

/**
 * The pending secret becomes the app's, with the step of the code that
 * confirmed it spent; answers whether the pending secret was still the one
 * checked (a second set-up meanwhile replaced it).
 */
export async function confirmPendingTotp(
  db: Queryable,
  subject: Subject,
  secret: string,
  step: number,
): Promise<boolean> {
  const rows = await db.query(
    `UPDATE totp_factors
        SET secret = pending_secret, pending_secret = NULL, enabled_at = now(), last_step = $4
      WHERE subject_kind = $1 AND subject_id = $2 AND pending_secret = $3
     RETURNING subject_id`,
    [subject.kind, subject.id, secret, step],
  );
  return rows.length > 0;
}

/** A code's time step, taken once: false when it (or a later one) was accepted already. */
export async function takeTotpStep(db: Queryable, subject: Subject, step: number) {
  const rows = await db.query(
    `UPDATE totp_factors SET last_step = $3
      WHERE subject_kind = $1 AND subject_id = $2 AND secret IS NOT NULL AND last_step < $3
     RETURNING subject_id`,
    [subject.kind, subject.id, step],
  );
  return rows.length > 0;
}

/** An app's row as stored, for sealing its secrets again (TOTP_SECRET_ROWS_PER_PASS at a time). */
export interface StoredTotpSecrets {
  subject: Subject;
  secret: string | null;
  pendingSecret: string | null;
}

/**
 * Rows with a secret or pending secret that does not start with `prefix`,
 * locked until the transaction ends (a set-up meanwhile waits, then writes
 * its own sealed secret).
 */
export async function lockTotpSecretsNotStartingWith(
  tx: Queryable,
  prefix: string,
  limit: number,
): Promise<StoredTotpSecrets[]> {
  const rows = await tx.query<{
    subject_kind: Subject['kind'];
    subject_id: string;
    secret: string | null;
    pending_secret: string | null;
  }>(
    `SELECT subject_kind, subject_id, secret, pending_secret FROM totp_factors
      WHERE NOT starts_with(secret, $1) OR NOT starts_with(pending_secret, $1)
      ORDER BY subject_kind, subject_id LIMIT $2 FOR UPDATE`,
    [prefix, limit],
  );
  return rows.map((row) => ({
    subject: { kind: row.subject_kind, id: row.subject_id },
    secret: row.secret,
    pendingSecret: row.pending_secret,
  }));
}

export async function updateTotpSecrets(tx: Queryable, row: StoredTotpSecrets) {
  await tx.query(
    `UPDATE totp_factors SET secret = $3, pending_secret = $4
      WHERE subject_kind = $1 AND subject_id = $2`,
    [row.subject.kind, row.subject.id, row.secret, row.pendingSecret],
  );
}

export async function deleteTotp(db: Queryable, subject: Subject): Promise<boolean> {
  const rows = await db.query(
    'DELETE FROM totp_factors WHERE subject_kind = $1 AND subject_id = $2 AND secret IS NOT NULL RETURNING subject_id',
    [subject.kind, subject.id],
  );
  return rows.length > 0;
}

/** The subject's recovery codes become these (hashes); earlier ones stop working. */
export async function replaceRecoveryCodes(db: Queryable, subject: Subject, hashes: string[]) {
  await db.query('DELETE FROM recovery_codes WHERE subject_kind = $1 AND subject_id = $2', [
    subject.kind,
    subject.id,
  ]);
  for (const hash of hashes) {
    await db.query(
      'INSERT INTO recovery_codes (subject_kind, subject_id, code_hash) VALUES ($1, $2, $3)',
      [subject.kind, subject.id, hash],
    );
  }
}

/** Uses a recovery code once; answers whether it was the subject's and unused. */
export async function useRecoveryCode(db: Queryable, subject: Subject, hash: string) {
  const rows = await db.query(
    `UPDATE recovery_codes SET used_at = now()
      WHERE subject_kind = $1 AND subject_id = $2 AND code_hash = $3 AND used_at IS NULL
     RETURNING code_hash`,
    [subject.kind, subject.id, hash],
  );
  return rows.length > 0;
}

export async function deleteRecoveryCodes(db: Queryable, subject: Subject): Promise<void> {
  await db.query('DELETE FROM recovery_codes WHERE subject_kind = $1 AND subject_id = $2', [
    subject.kind,
    subject.id,
  ]);
}

export async function countRecoveryCodes(
  db: Queryable,
  subject: Subject,
): Promise<{ remaining: number; createdAt: Date | null }> {
  const rows = await db.query<{ remaining: string | number; created_at: Date | string | null }>(
    `SELECT count(*) FILTER (WHERE used_at IS NULL) AS remaining, max(created_at) AS created_at
       FROM recovery_codes WHERE subject_kind = $1 AND subject_id = $2`,
    [subject.kind, subject.id],
  );
  const row = rows[0];
  return {
    remaining: Number(row?.remaining ?? 0),
    createdAt: row?.created_at ? new Date(row.created_at) : null,
  };
}

export type ChallengePurpose = 'register' | 'login' | 'passkey-login' | 'step-up';

export async function insertChallenge(
  db: Queryable,
  challenge: {
    challenge: string;
    purpose: ChallengePurpose;
    subject: Subject | null;
    ttlMs: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO webauthn_challenges (challenge, purpose, subject_kind, subject_id, expires_at)
     VALUES ($1, $2, $3, $4, now() + ($5::double precision * interval '1 millisecond'))`,
    [
      challenge.challenge,
      challenge.purpose,
      challenge.subject?.kind ?? null,
      challenge.subject?.id ?? null,
      challenge.ttlMs,
    ],
  );
}

/**
 * Takes a challenge once: deletes it and answers whether it was handed out
 * for this purpose (and this subject, when it names one) and is unexpired.
 */
export async function takeChallenge(
  db: Queryable,
  challenge: string,
  purpose: ChallengePurpose,
  subject: Subject | null,
): Promise<boolean> {
  const rows = await db.query<{
    fresh: boolean;
    subject_kind: string | null;
    subject_id: string | null;
  }>(
    `DELETE FROM webauthn_challenges WHERE challenge = $1 AND purpose = $2
     RETURNING expires_at > now() AS fresh, subject_kind, subject_id`,
    [challenge, purpose],
  );
  const row = rows[0];
  if (!row?.fresh) return false;
  return subject === null
    ? row.subject_kind === null
    : row.subject_kind === subject.kind && row.subject_id === subject.id;
}

/** Deletes up to `limit` challenges that expired before `before`. */
export async function pruneExpiredChallenges(
  db: Queryable,
  prune: { before: Date; limit: number },
): Promise<number> {
  const rows = await db.query(
    `DELETE FROM webauthn_challenges WHERE challenge IN (
       SELECT challenge FROM webauthn_challenges WHERE expires_at < $1 LIMIT $2)
     RETURNING challenge`,
    [prune.before, prune.limit],
  );
  return rows.length;
}

/** Every factor and recovery code of the subject gone (the operator's reset-factors command). */
export async function resetSubjectFactors(db: Queryable, subject: Subject): Promise<void> {
  for (const table of ['passkeys', 'totp_factors', 'recovery_codes']) {
    await db.query(`DELETE FROM ${table} WHERE subject_kind = $1 AND subject_id = $2`, [
      subject.kind,
      subject.id,
    ]);
  }
}
