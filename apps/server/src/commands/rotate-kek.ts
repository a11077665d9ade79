// `npm run custody:rotate-kek`: replaces the key-encryption key and re-wraps
// every custodial key (and the credential issuer key) under the new one,
// without changing any address or key id.
//
// Embedded default (key file in DATA_DIR/custody/kek): a new key is generated,
// written to kek.next, every key re-wrapped in one database transaction, then
// kek.next renamed over kek. A crash in between loses nothing: the server
// loads both files until the rename is done.
//
// With CUSTODY_KEK set: give the new key as NEW_CUSTODY_KEK; afterwards set
// CUSTODY_KEK to it (the command prints the exact step).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config.ts';
import { keyEncryptionKey, KEY_BYTES } from '../custody/envelope.ts';
import { parseKek } from '../config-env.ts';
import {
  KEK_FILE,
  kekDir,
  loadKeyEncryptionKeys,
  NEXT_KEK_FILE,
} from '../custody/key-encryption-keys.ts';
import { countKeysByKek } from '../custody/key-repository.ts';
import { rewrapAllKeys } from '../custody/rotate-kek.ts';
import { openConfiguredDatabase } from '../db/open-configured.ts';
import { migrate } from '../db/migrate.ts';
import { rewrapTotpSecrets } from '../modules/security/totp-secrets.ts';

export async function rotateKek(env: Record<string, string | undefined>): Promise<string> {
  const config = loadConfig(env);
  const db = await openConfiguredDatabase(config);
  try {
    await migrate(db);
    const keks = await loadKeyEncryptionKeys(config.custody);
    const fileMode = !config.custody.configured;
    let nextKey: Buffer;
    if (fileMode) {
      nextKey = randomBytes(KEY_BYTES);
      const dir = kekDir(config.dataDir);
      await fs.writeFile(path.join(dir, NEXT_KEK_FILE), `${nextKey.toString('base64')}\n`, {
        mode: 0o600,
      });
    } else {
      if (!env.NEW_CUSTODY_KEK) {
        throw new ConfigError(['NEW_CUSTODY_KEK: required to rotate a configured CUSTODY_KEK']);
      }
      try {
        nextKey = parseKek(env.NEW_CUSTODY_KEK);
      } catch (error) {
        throw new ConfigError([`NEW_CUSTODY_KEK: ${(error as Error).message}`]);
      }
    }
    const next = keyEncryptionKey(nextKey);
    const { walletKeys: count, issuerKeys } = await rewrapAllKeys(db, keks, next);
    const appSecrets = await rewrapTotpSecrets(db, new Map([...keks.all, [next.id, next]]), next);
    const alsoIssuer =
      `, ${issuerKeys} credential issuer key${issuerKeys === 1 ? '' : 's'}` +
      ` and ${appSecrets} authenticator app secret${appSecrets === 1 ? '' : 's'}`;
    const remaining = Object.entries(await countKeysByKek(db)).filter(([id]) => id !== next.id);
    if (remaining.length > 0)
      throw new Error(`keys left under old KEKs: ${JSON.stringify(remaining)}`);

    if (fileMode) {
      const dir = kekDir(config.dataDir);
      await fs.rename(path.join(dir, NEXT_KEK_FILE), path.join(dir, KEK_FILE));
      return `Re-wrapped ${count} custodial keys under the new key-encryption key ${next.id}${alsoIssuer}; the old key is gone.`;
    }
    return `Re-wrapped ${count} custodial keys under ${next.id}${alsoIssuer}. Now set CUSTODY_KEK to the value of NEW_CUSTODY_KEK and restart.`;
  } finally {
    await db.close();
  }
}

if (process.argv[1] === import.meta.filename) {
  rotateKek(process.env).then(
    (message) => console.log(message),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : String(error));
      process.exit(error instanceof ConfigError ? 2 : 1);
    },
  );
}
