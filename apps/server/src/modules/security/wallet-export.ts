// The way out of custody: a user downloads their wallet's key as a Web3
// Secret Storage v3 file under a passphrase of their own, to open in any
// wallet. Confirmed with a second factor, or, for a person without one, with
// the password and a code mailed to them (a stolen session alone is not
// enough); a few a day per account; the person is mailed each time. Admins'
// wallets hold the platform's roles and are never exported.
import { PRODUCT_NAME, SECURITY_MESSAGES, type SecondFactorProof } from '@gets/schema';
import escapeHtml from 'escape-html';
import { getAddress } from 'viem';
import type { AppContext } from '../../context.ts';
import { openPrivateKey } from '../../custody/envelope.ts';
import { loadKeyEncryptionKeys } from '../../custody/key-encryption-keys.ts';
import { findKeyByOwner } from '../../custody/key-repository.ts';
import type { Actor } from '../../http/auth.ts';
import { AppError } from '../../http/errors.ts';
import { ipNetwork } from '../../http/ip-network.ts';
import { queueMails } from '../../mail/mail-queue-repository.ts';
import type { MailMessage } from '../../mail/mailer.ts';
import { limitAttempts, limitAttemptsTo, resetAttempts } from '../../limits/attempt-limits.ts';
import { checkOtp, sendOtp, useOtp } from '../accounts/otp.ts';
import { verifyPassword } from '../accounts/passwords.ts';
import { findUserCredentials } from '../accounts/user-repository.ts';
import { oneLine } from '../../mail/mail-text.ts';
import { encryptKeystoreV3, type KeystoreV3 } from './keystore-v3.ts';
import { describeUserAgent } from '../accounts/sign-in-device.ts';
import { requireStepUp } from './step-up.ts';
import { recordSecurityEvent } from '../accounts/security-event-repository.ts';

/** Exports per account in a day: enough to retry a lost file, few enough to notice. */
export const WALLET_EXPORTS_PER_DAY = 3;
const DAY_MS = 24 * 3_600_000;

export const WALLET_EXPORTED_SUBJECT = `Your ${PRODUCT_NAME} wallet was exported`;

type Deps = Pick<AppContext, 'db' | 'config' | 'mailer' | 'publicUrl' | 'keystore'> & {
  logError?: (error: unknown) => void;
};

/** Where the call came from, for the mail to the person. */
export interface RequestOrigin {
  userAgent: string | undefined;
  ip: string;
}

export interface WalletExportInput extends SecondFactorProof {
  passphrase: string;
  password?: string | undefined;
  emailCode?: string | undefined;
}

/** POST /security/wallet-export/code: the code a person without a second factor confirms with. */
export function sendWalletExportCode(deps: Deps, actor: Actor) {
  return sendOtp(deps, actor.email, 'EXPORT');
}

/** "UTC--2025-11-28T09-18-00.000Z--<address>", as geth names its keystore files. */
export const keystoreFileName = (at: Date, address: string) =>
  `UTC--${at.toISOString().replace(/:/g, '-')}--${address.toLowerCase().replace(/^0x/, '')}`;

/** POST /security/wallet-export */
export async function exportWallet(
  deps: Deps,
  actor: Actor,
  input: WalletExportInput,
  origin: RequestOrigin,
): Promise<{ address: string; fileName: string; keystore: KeystoreV3 }> {
  if (actor.kind === 'admin') throw new AppError(403, SECURITY_MESSAGES.adminWalletNotExportable);
  const { hasFactor } = await requireStepUp(deps, actor, input);
  if (!hasFactor) await confirmWithPasswordAndCode(deps, actor, input, origin.ip);
  // Counted once the person is proven: a wrong guess spends the login's allowance, not this.
  await limitAttemptsTo(
    deps.db,
    { max: WALLET_EXPORTS_PER_DAY, windowMs: DAY_MS },
    'wallet-export',
    actor.id,
  );
  if (!hasFactor) await useOtp(deps.db, actor.email, input.emailCode!, 'EXPORT');

  const stored = await findKeyByOwner(deps.db, 'user', actor.id);
  if (!stored) throw new Error(`user ${actor.id} has no custodial key`);
  // The keystore lends signers, never keys; an export is the one use of the
  // key itself, so it is opened here with the same key-encryption keys.
  const keks = await loadKeyEncryptionKeys(deps.config.custody);
  const privateKey = openPrivateKey(keks.all, stored, stored.address);
  let keystore: KeystoreV3;
  try {
    keystore = await encryptKeystoreV3(privateKey, input.passphrase);
  } finally {
    privateKey.fill(0);
  }
  const at = new Date();
  const address = getAddress(stored.address);
  await recordSecurityEvent(
    deps.db,
    { kind: 'user', id: actor.id },
    'wallet.export',
    { address },
    ipNetwork(origin.ip),
  );
  await queueMails(deps.db, [
    walletExportedMail({
      to: actor.email,
      address,
      at,
      ...describeUserAgent(origin.userAgent),
      network: ipNetwork(origin.ip),
    }),
  ]);
  return { address, fileName: keystoreFileName(at, address), keystore };
}

/**
 * Without a second factor: the password (its guesses count as the login's
 * do) and the mailed code, so a session taken over alone cannot export.
 */
async function confirmWithPasswordAndCode(
  deps: Deps,
  actor: Actor,
  input: WalletExportInput,
  ip: string,
) {
  if (!input.password || !input.emailCode) {
    throw new AppError(400, SECURITY_MESSAGES.exportNeedsPasswordAndCode);
  }
  const subject = { account: actor.email, ip };
  await limitAttempts(deps.db, deps.config, 'login', subject);
  const found = await findUserCredentials(deps.db, actor.email);
  const ok = await verifyPassword(
    found?.user.id === actor.id ? found.passwordHash : null,
    input.password,
  );
  // 400, not 401: a 401 ends the web app's session.
  if (!ok) throw new AppError(400, SECURITY_MESSAGES.wrongPassword);
  await resetAttempts(deps.db, 'login', subject);
  await checkOtp(deps, actor.email, input.emailCode, ['EXPORT'], ip);
}

interface WalletExported {
  to: string;
  address: string;
  at: Date;
  browser: string;
  system: string;
  network: string;
}

function walletExportedMail(exported: WalletExported): MailMessage {
  const facts = [
    ['Wallet', exported.address],
    ['Browser', oneLine(exported.browser)],
    ['System', oneLine(exported.system)],
    ['Network', exported.network],
    ['Time', `${exported.at.toISOString().slice(0, 16).replace('T', ' ')} UTC`],
  ] as const;
  const warning =
    'Whoever holds that file and its passphrase controls the wallet. If this wasn’t you, sign out every other session under Security, change your password, and move what the wallet holds to a new one.';
  const h = escapeHtml;
  return {
    to: exported.to,
    subject: WALLET_EXPORTED_SUBJECT,
    text: [
      'Hello,',
      '',
      `The key of your ${PRODUCT_NAME} wallet was just downloaded from your account as an encrypted keystore file:`,
      '',
      ...facts.map(([name, value]) => `  ${name}: ${value}`),
      '',
      warning,
    ].join('\n'),
    html: [
      '<!doctype html>',
      '<html><body style="font-family: sans-serif; line-height: 1.5">',
      '<p>Hello,</p>',
      `<p>The key of your ${h(PRODUCT_NAME)} wallet was just downloaded from your account as an encrypted keystore file:</p>`,
      '<ul>',
      ...facts.map(([name, value]) => `<li>${h(name)}: ${h(value)}</li>`),
      '</ul>',
      `<p>${h(warning)}</p>`,
      '</body></html>',
    ].join('\n'),
    consoleLine: `Wallet exported for ${exported.to}: ${exported.address}`,
  };
}
