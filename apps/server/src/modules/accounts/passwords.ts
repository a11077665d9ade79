// Password hashing: argon2id at OWASP's first recommended setting
// (19 MiB, 2 passes, 1 lane); about 70 ms per hash on the target machines.
import { hash, verify, type Algorithm } from '@node-rs/argon2';

export const ARGON2_OPTIONS = {
  // Algorithm.Argon2id; the package's enum is a const enum TypeScript cannot inline here.
  algorithm: 2 as Algorithm,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a password nobody knows, checked when the email is unknown so timing reveals nothing. */
let decoyHash: Promise<string> | undefined;

export async function verifyPassword(storedHash: string | null, password: string) {
  if (storedHash === null) {
    decoyHash ??= hashPassword(`decoy-${Math.random()}`);
    await verify(await decoyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(storedHash, password);
  } catch {
    return false;
  }
}
