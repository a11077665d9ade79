// Custodial keys at rest: the database holds no usable private key, and the
// key-encryption key can be rotated without changing any address.
import { createPublicKey, randomBytes, sign, verify } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recoverMessageAddress } from 'viem';
import {
  dropSchema,
  startTestPlatform,
  withSchema,
  type TestPlatform,
  makeScratchDir,
} from '../helpers/test-platform.ts';
import { createTestUser } from '../helpers/accounts.ts';
import { findKeyByAddress } from '../../src/custody/key-repository.ts';
import { keyEncryptionKey, openPrivateKey } from '../../src/custody/envelope.ts';
import { parseKek } from '../../src/config-env.ts';
import { loadKeyEncryptionKeys } from '../../src/custody/key-encryption-keys.ts';
import { rotateKek } from '../../src/commands/rotate-kek.ts';
import { createKeystore } from '../../src/custody/keystore.ts';
import { openDatabase } from '../../src/db/database.ts';
import { migrate } from '../../src/db/migrate.ts';
import { findActiveIssuerKey } from '../../src/custody/issuer-key-repository.ts';
import { sealedUnderPrefix } from '../../src/custody/sealed-secret.ts';
import { enrolProvisionedTotp } from '../../src/modules/security/security-service.ts';
import { openTotpSecret } from '../../src/modules/security/totp-secrets.ts';
import { openIssuerKey } from '../../src/custody/issuer-keys.ts';
import {
  hasValidSignature,
  signCredentialJwt,
  wholeSecondDateTime,
} from '../../src/modules/credentials/vc-jwt.ts';

const APP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}

describe('custodial keys at rest', () => {
  let platform: TestPlatform;
  const addresses: `0x${string}`[] = [];
  const schema = `keys_${Date.now().toString(36)}`;

  let dataDir: string;

  beforeAll(async () => {
    dataDir = await makeScratchDir('gets-keys-');
    // The embedded default: the key-encryption key generated into DATA_DIR.
    platform = await startTestPlatform({}, { dataDir, schema });
    for (let i = 0; i < 3; i++) addresses.push((await createTestUser(platform.ctx)).address);
  });
  afterAll(async () => {
    await platform?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    if (process.env.DATABASE_URL) await dropSchema(process.env.DATABASE_URL, schema);
  });

  async function plaintextKeys() {
    const keks = await loadKeyEncryptionKeys(platform.ctx.config.custody);
    const wallets = await Promise.all(
      addresses.map(async (address) =>
        openPrivateKey(keks.all, (await findKeyByAddress(platform.ctx.db, address))!, address),
      ),
    );
    // The credential issuer keys (the Ed25519 seed, the RSA key's PKCS#8) are kept the same way.
    const ed25519 = openIssuerKey(keks.all, (await findActiveIssuerKey(platform.ctx.db, 'EdDSA'))!);
    const seed = Buffer.from(ed25519.privateKey.export({ format: 'jwk' }).d!, 'base64url');
    const rsa = openIssuerKey(keks.all, (await findActiveIssuerKey(platform.ctx.db, 'RS256'))!);
    const pkcs8 = rsa.privateKey.export({ format: 'der', type: 'pkcs8' });
    return [...wallets, seed, pkcs8];
  }

  it('a dump of every table holds no private key, in hex or raw bytes', async () => {
    const tables = await platform.ctx.db.query<{ table_name: string }>(
      `SELECT table_name FROM information_schema.tables
        WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'`,
    );
    expect(tables.map((t) => t.table_name)).toContain('custody_keys');
    let dump = '';
    for (const { table_name } of tables) {
      const rows = await platform.ctx.db.query<{ row: string }>(
        `SELECT t::text AS row FROM "${table_name}" t`,
      );
      dump += rows.map((r) => r.row).join('\n');
    }
    expect(tables.map((t) => t.table_name)).toContain('issuer_keys');
    for (const key of await plaintextKeys()) {
      expect(dump.toLowerCase()).not.toContain(key.toString('hex'));
      expect(dump).not.toContain(key.toString('base64'));
      expect(dump).not.toContain(key.toString('base64url'));
    }
  });

  it.runIf(!process.env.DATABASE_URL)(
    'the database files on disk hold no private key bytes',
    async () => {
      await platform.ctx.db.query('CHECKPOINT');
      const files = await filesUnder(path.join(platform.dataDir, 'pglite'));
      expect(files.length).toBeGreaterThan(0);
      const keys = await plaintextKeys();
      for (const file of files) {
        const bytes = await fs.readFile(file);
        for (const key of keys) {
          expect(bytes.includes(key), `${file} holds a private key`).toBe(false);
          expect(bytes.includes(Buffer.from(key.toString('hex'))), `${file} holds a hex key`).toBe(
            false,
          );
        }
      }
    },
  );

  it('keeps the key-encryption key in a file only its owner can read', async () => {
    const stat = await fs.stat(path.join(platform.dataDir, 'custody', 'kek'));
    expect(stat.mode & 0o777).toBe(0o600);
  });

  it('rotates the key-encryption key: same addresses, same signatures, old key gone', async () => {
    const kekFile = path.join(platform.dataDir, 'custody', 'kek');
    const oldKek = await fs.readFile(kekFile, 'utf8');
    const before = await Promise.all(addresses.map((a) => findKeyByAddress(platform.ctx.db, a)));
    const issuerBefore = (await findActiveIssuerKey(platform.ctx.db, 'RS256'))!;
    const ed25519Before = (await findActiveIssuerKey(platform.ctx.db, 'EdDSA'))!;
    // An authenticator app's secret is sealed the same way, and re-wrapped with the keys.
    const appOwner = { kind: 'user' as const, id: (await createTestUser(platform.ctx)).id };
    await enrolProvisionedTotp(platform.ctx.db, platform.ctx.keystore, appOwner, APP_SECRET);

    const env = {
      DATA_DIR: platform.dataDir,
      LOG_LEVEL: 'silent',
      ...(process.env.DATABASE_URL
        ? { DATABASE_URL: withSchema(process.env.DATABASE_URL, schema) }
        : {}),
    };
    // PGlite allows one process at a time: let go of the data directory first.
    const embedded = !process.env.DATABASE_URL;
    if (embedded) await platform.stop();
    const message = await rotateKek(env);
    const rewrapped =
      /^Re-wrapped (\d+) custodial keys under the new key-encryption key ([0-9a-f]{16})/.exec(
        message,
      );
    expect(rewrapped, message).not.toBeNull();
    expect(message).toContain(', 2 credential issuer keys and 1 authenticator app secret;');
    if (embedded) platform = await startTestPlatform({}, { dataDir: platform.dataDir, schema });

    const newKek = await fs.readFile(kekFile, 'utf8');
    expect(newKek).not.toBe(oldKek);
    await expect(fs.access(path.join(platform.dataDir, 'custody', 'kek.next'))).rejects.toThrow();

    const keks = await loadKeyEncryptionKeys(platform.ctx.config.custody);
    expect(keks.all.size).toBe(1);
    expect(keks.current.id).toBe(rewrapped![2]);
    const byKek = await platform.ctx.db.query<{ kek_id: string; n: number }>(
      'SELECT kek_id, count(*)::int AS n FROM custody_keys GROUP BY kek_id',
    );
    expect(byKek).toEqual([{ kek_id: keks.current.id, n: Number(rewrapped![1]) }]);
    for (const [index, address] of addresses.entries()) {
      const after = (await findKeyByAddress(platform.ctx.db, address))!;
      expect(after.address).toBe(address);
      expect(after.kekId).not.toBe(before[index]!.kekId);
      expect(after.sealedPrivateKey.equals(before[index]!.sealedPrivateKey)).toBe(true);
      const signature = await platform.ctx.keystore.withSigner(
        platform.ctx.db,
        address,
        (account) => account.signMessage({ message: 'rotation' }),
      );
      expect(await recoverMessageAddress({ message: 'rotation', signature })).toBe(address);
    }
    const [app] = await platform.ctx.db.query<{ secret: string }>(
      'SELECT secret FROM totp_factors WHERE subject_id = $1',
      [appOwner.id],
    );
    expect(app!.secret.startsWith(sealedUnderPrefix(keks.current.id))).toBe(true);
    expect(await openTotpSecret(platform.ctx.keystore, appOwner, app!.secret)).toBe(APP_SECRET);
    // The issuer keys too: same kid and sealed key, new wrapping, and they still sign.
    const issuerAfter = (await findActiveIssuerKey(platform.ctx.db, 'RS256'))!;
    expect(issuerAfter.kid).toBe(issuerBefore.kid);
    expect(issuerAfter.kekId).toBe(keks.current.id);
    expect(issuerAfter.sealedPrivateKey.equals(issuerBefore.sealedPrivateKey)).toBe(true);
    const ed25519After = (await findActiveIssuerKey(platform.ctx.db, 'EdDSA'))!;
    expect(ed25519After.kid).toBe(ed25519Before.kid);
    expect(ed25519After.kekId).toBe(keks.current.id);
    const signature = await platform.ctx.keystore.withIssuerKey(
      platform.ctx.db,
      async (key) => sign(null, Buffer.from('rotation'), key.privateKey),
      'EdDSA',
    );
    expect(
      verify(
        null,
        Buffer.from('rotation'),
        createPublicKey({ key: ed25519Before.publicJwk, format: 'jwk' }),
        signature,
      ),
    ).toBe(true);
    const jwt = await platform.ctx.keystore.withIssuerKey(platform.ctx.db, (key) =>
      signCredentialJwt(
        { id: 'urn:uuid:1', issuer: 'https://x', validFrom: wholeSecondDateTime(new Date()) },
        key,
        'k',
      ),
    );
    expect(await hasValidSignature(jwt, issuerBefore.publicJwk)).toBe(true);
  });
});

describe('rotating a configured CUSTODY_KEK', () => {
  it('re-wraps under NEW_CUSTODY_KEK, after which only the new key opens the wallets', async () => {
    const dataDir = await makeScratchDir('gets-kek-env-');
    const schema = `kekenv_${Date.now().toString(36)}`;
    const oldKek = randomBytes(32).toString('base64');
    const newKek = randomBytes(32).toString('hex');
    const database = process.env.DATABASE_URL
      ? { DATABASE_URL: withSchema(process.env.DATABASE_URL, schema) }
      : {};
    let platform = await startTestPlatform(
      { MODE: 'api', CUSTODY_KEK: oldKek },
      { dataDir, schema },
    );
    try {
      const user = await createTestUser(platform.ctx);
      await platform.stop();
      await expect(
        rotateKek({ DATA_DIR: dataDir, CUSTODY_KEK: oldKek, ...database }),
      ).rejects.toThrow(/NEW_CUSTODY_KEK: required/);
      const message = await rotateKek({
        DATA_DIR: dataDir,
        CUSTODY_KEK: oldKek,
        NEW_CUSTODY_KEK: newKek,
        ...database,
      });
      expect(message).toMatch(/Now set CUSTODY_KEK to the value of NEW_CUSTODY_KEK and restart/);

      platform = await startTestPlatform({ MODE: 'api', CUSTODY_KEK: newKek }, { dataDir, schema });
      const signature = await platform.ctx.keystore.withSigner(
        platform.ctx.db,
        user.address,
        (account) => account.signMessage({ message: 'after rotation' }),
      );
      expect(await recoverMessageAddress({ message: 'after rotation', signature })).toBe(
        user.address,
      );
      await platform.stop();

      // The old key no longer opens them: such a start is refused, naming the key it lacks.
      const newKekId = keyEncryptionKey(parseKek(newKek)).id;
      await expect(
        startTestPlatform({ MODE: 'api', CUSTODY_KEK: oldKek }, { dataDir, schema }),
      ).rejects.toThrow(
        new RegExp(`^CUSTODY_KEK: the database holds wallet keys .*key-encryption key ${newKekId}`),
      );
    } finally {
      await platform.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      if (process.env.DATABASE_URL) await dropSchema(process.env.DATABASE_URL, schema);
    }
  });
});

describe('the credential issuer key at start', () => {
  it('is created once, sealed under the KEK, and a KEK that cannot open it is named as missing', async () => {
    const db = await openDatabase({ kind: 'pglite', dataDir: undefined });
    try {
      await migrate(db);
      const kek = randomBytes(32);
      const keks = async () => ({
        current: keyEncryptionKey(kek),
        all: new Map([[keyEncryptionKey(kek).id, keyEncryptionKey(kek)]]),
      });
      const keystore = await createKeystore(keks);
      const first = await keystore.ensureIssuerKeys(db);
      expect(first.map((key) => key.algorithm)).toEqual(['RS256', 'EdDSA']);
      expect((await keystore.ensureIssuerKeys(db)).map((key) => key.kid)).toEqual(
        first.map((key) => key.kid),
      );
      expect(await keystore.missingKeks(db)).toEqual([]);

      const other = keyEncryptionKey(randomBytes(32));
      const stranger = await createKeystore(async () => ({
        current: other,
        all: new Map([[other.id, other]]),
      }));
      expect(await stranger.missingKeks(db)).toEqual([
        { kekId: keyEncryptionKey(kek).id, keys: 2 },
      ]);
      await expect(stranger.withIssuerKey(db, async () => 'signed')).rejects.toThrow(
        /no key-encryption key/,
      );
    } finally {
      await db.close();
    }
  });
});
