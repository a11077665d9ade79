// Re-wraps every stored data key under a new key-encryption key. Addresses and
// sealed private keys stay as they are; only the wrapping changes.
import type { Database } from '../db/database.ts';
import { rewrapDataKey, type KeyEncryptionKey } from './envelope.ts';
import type { KeyEncryptionKeys } from './key-encryption-keys.ts';
import { lockKeysNotUnder, updateWrapping } from './key-repository.ts';

const PAGE = 500;

/** Returns how many keys were re-wrapped; all of them or none (one transaction). */
export async function rewrapAllKeys(db: Database, keks: KeyEncryptionKeys, next: KeyEncryptionKey) {
  const known = new Map(keks.all);
  known.set(next.id, next);
  return db.transaction(async (tx) => {
    let count = 0;
    for (;;) {
      const page = await lockKeysNotUnder(tx, next.id, PAGE);
      if (page.length === 0) return count;
      for (const key of page) {
        await updateWrapping(tx, key.address, rewrapDataKey(known, key, key.address, next));
        count++;
      }
    }
  });
}
