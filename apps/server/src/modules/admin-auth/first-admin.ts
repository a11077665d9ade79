// First start: the first administrator (from ADMIN_EMAIL / ADMIN_PASSWORD, or
// a generated password printed once) with a custodial wallet, and the secret
// of the /admin/login#<secret> link (ADMIN_LOGIN_SECRET, or generated once).
import { randomBytes, randomUUID } from 'node:crypto';
import type { Config } from '../../config.ts';
import type { Keystore } from '../../custody/keystore.ts';
import { holdAdvisoryLock, type Database } from '../../db/database.ts';
import { hashPassword } from '../accounts/passwords.ts';
import { enrolProvisionedTotp } from '../security/security-service.ts';
import { countAdmins, insertAdmin, setAdminAccount } from './admin-repository.ts';
import { findSetting, insertSettingOnce } from './settings-repository.ts';

export const ADMIN_LOGIN_SECRET_SETTING = 'admin_login_secret';

export interface FirstStartNotice {
  /** Set when this start created the first admin. */
  createdAdmin?: { email: string; generatedPassword: string | undefined };
  /** The secret in force, and whether this start generated it. */
  loginSecret: { value: string; generated: boolean };
}

/** 24 random characters plus one of each class the password rules ask for. */
export function generateAdminPassword(): string {
  return `${randomBytes(18).toString('base64url')}aA1!`;
}

export async function ensureFirstAdmin(deps: {
  db: Database;
  keystore: Keystore;
  config: Pick<Config, 'firstAdmin' | 'adminLoginSecret'>;
}): Promise<FirstStartNotice> {
  const { db, keystore, config } = deps;
  const needsAdmin = (await countAdmins(db)) === 0;
  const generatedPassword =
    needsAdmin && !config.firstAdmin.password ? generateAdminPassword() : undefined;
  const passwordHash = needsAdmin
    ? await hashPassword(config.firstAdmin.password ?? generatedPassword!)
    : undefined;

  return db.transaction(async (tx) => {
    await holdAdvisoryLock(tx, 'firstAdmin');
    const notice: FirstStartNotice = { loginSecret: { value: '', generated: false } };

    if (config.adminLoginSecret) {
      notice.loginSecret.value = config.adminLoginSecret;
    } else {
      const stored = await findSetting(tx, ADMIN_LOGIN_SECRET_SETTING);
      if (stored) {
        notice.loginSecret.value = stored;
      } else {
        notice.loginSecret = {
          value: await insertSettingOnce(
            tx,
            ADMIN_LOGIN_SECRET_SETTING,
            randomBytes(24).toString('base64url'),
          ),
          generated: true,
        };
      }
    }

    // Another process may have created the admin since the count above.
    if (passwordHash && (await countAdmins(tx)) === 0) {
      const id = randomUUID();
      await insertAdmin(tx, { id, email: config.firstAdmin.email, passwordHash });
      const account = await keystore.createWallet(tx, { kind: 'admin', id });
      await setAdminAccount(tx, id, account);
      if (config.firstAdmin.totpSecret) {
        await enrolProvisionedTotp(
          tx,
          keystore,
          { kind: 'admin', id },
          config.firstAdmin.totpSecret,
        );
      }
      notice.createdAdmin = { email: config.firstAdmin.email, generatedPassword };
    }
    return notice;
  });
}

/**
 * The admin's lines of the start box, printed by main.ts to stdout apart from
 * the log (never logged, at any level): at the first start the first admin and
 * its password (shown only this once); the admin login link with the secret
 * (ADMIN_LOGIN_SECRET, or the one stored in platform_settings), since only that
 * link opens the admin login page: when the secret is made, and at every start
 * of a process that serves the web outside production (a developer's machine;
 * in production the link stays out of the logs a restart writes).
 */
export function firstStartLines(
  notice: FirstStartNotice,
  baseUrl: string | undefined,
  options: { everyStart: boolean } = { everyStart: true },
): string[] {
  const lines: string[] = [];
  if (notice.createdAdmin) {
    lines.push(`First admin created: ${notice.createdAdmin.email}`);
    if (notice.createdAdmin.generatedPassword) {
      lines.push(
        `First admin password (shown only this once): ${notice.createdAdmin.generatedPassword}`,
      );
    }
  }
  // A worker (no baseUrl) serves no page: it tells the link only when it made the secret.
  const serving = baseUrl !== undefined && options.everyStart;
  if (serving || notice.createdAdmin || notice.loginSecret.generated) {
    lines.push(`Admin login: ${baseUrl ?? ''}/admin/login#${notice.loginSecret.value}`);
  }
  return lines;
}
