// Where the key-encryption keys come from: CUSTODY_KEK (and, during a
// rotation, CUSTODY_PREVIOUS_KEKS) from configuration, or on the embedded
// default a key generated once into DATA_DIR/custody/kek (mode 0600).
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { parseKek } from '../config-env.ts';
import { KEY_BYTES, keyEncryptionKey, type KeyEncryptionKey } from './envelope.ts';

export interface KekSource {
  /** KEK from configuration (base64 or hex of 32 bytes); when absent, the file in dataDir. */
  configured?: Buffer;
  previous?: Buffer[];
  dataDir: string;
}

export interface KeyEncryptionKeys {
  current: KeyEncryptionKey;
  /** Every KEK that may open a stored key, by id (current included). */
  all: Map<string, KeyEncryptionKey>;
}

export function kekDir(dataDir: string) {
  return path.join(dataDir, 'custody');
}
export const KEK_FILE = 'kek';
/** Written first by a rotation and renamed over `kek` when it is done. */
export const NEXT_KEK_FILE = 'kek.next';

export async function loadKeyEncryptionKeys(source: KekSource): Promise<KeyEncryptionKeys> {
  const all = new Map<string, KeyEncryptionKey>();
  let current: KeyEncryptionKey;
  if (source.configured) {
    current = keyEncryptionKey(source.configured);
  } else {
    const dir = kekDir(source.dataDir);
    await fs.mkdir(dir, { recursive: true, mode: 0o700 });
    const file = path.join(dir, KEK_FILE);
    let text = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (text === undefined) {
      text = randomBytes(KEY_BYTES).toString('base64');
      // 'wx' fails if another process created it first; then read theirs.
      await fs.writeFile(file, `${text}\n`, { mode: 0o600, flag: 'wx' }).catch(async () => {
        text = await fs.readFile(file, 'utf8');
      });
    }
    current = keyEncryptionKey(parseKek(text!));
    // A rotation interrupted after re-wrapping left its new key here.
    const next = await fs.readFile(path.join(dir, NEXT_KEK_FILE), 'utf8').catch(() => undefined);
    if (next) {
      const nextKek = keyEncryptionKey(parseKek(next));
      all.set(nextKek.id, nextKek);
    }
  }
  all.set(current.id, current);
  for (const previous of source.previous ?? []) {
    const kek = keyEncryptionKey(previous);
    all.set(kek.id, kek);
  }
  return { current, all };
}
