// Re-wraps every stored data key (wallet keys and the credential issuer keys)
// under a new key-encryption key. Addresses, kids and sealed private keys stay
// as they are; only the wrapping changes.
import type { Database } from '../db/database.ts';
import { rewrapDataKey, type KeyEncryptionKey } from './envelope.ts';
import type { KeyEncryptionKeys } from './key-encryption-keys.ts';
import { lockKeysNotUnder, updateWrapping } from './key-repository.ts';
import { lockIssuerKeysNotUnder, updateIssuerKeyWrapping } from './issuer-key-repository.ts';
import { issuerKeyBinding } from './issuer-keys.ts';

const PAGE = 500;

/** Returns how many keys were re-wrapped; all of them or none (one transaction). */
export async function rewrapAllKeys(
  db: Database,
  keks: KeyEncryptionKeys,
  next: KeyEncryptionKey,
): Promise<{ walletKeys: number; issuerKeys: number }> {
  const known = new Map(keks.all);
  known.set(next.id, next);
  return db.transaction(async (tx) => {
    let walletKeys = 0;
    for (;;) {
      const page = await lockKeysNotUnder(tx, next.id, PAGE);
      if (page.length === 0) break;
      for (const key of page) {
        await updateWrapping(tx, key.address, rewrapDataKey(known, key, key.address, next));
        walletKeys++;
      }
    }
    const issuerKeys = await lockIssuerKeysNotUnder(tx, next.id);
    for (const key of issuerKeys) {
      const binding = issuerKeyBinding(key.kid);
      await updateIssuerKeyWrapping(tx, key.kid, rewrapDataKey(known, key, binding, next));
    }
    return { walletKeys, issuerKeys: issuerKeys.length };
  });
}
