// The way out of custody through the real HTTP layer, database and keystore:
// a person without a second factor exports their wallet with their password
// and a mailed code, and the file opens in another wallet (ethers) to the
// same address (issue 45).
import { Wallet } from 'ethers';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES, SECURITY_MESSAGES } from '@gets/schema';
import {
  WALLET_EXPORTED_SUBJECT,
  WALLET_EXPORTS_PER_DAY,
} from '../../src/modules/security/wallet-export.ts';
import { findSecurityEvents } from '../../src/modules/accounts/security-event-repository.ts';
import { firstAdmin } from '../helpers/admin.ts';
import { ageLastOtp, bearer, call, registerUser, type Answer } from '../helpers/account-flows.ts';
import { useAccountsPlatform } from '../helpers/accounts-api.ts';
import type { TestPlatform } from '../helpers/test-platform.ts';

const PASSPHRASE = 'correct horse battery staple';
const EXPORT_CODE_SUBJECT = 'Your GETS Badges wallet export code';

interface Exported {
  address: string;
  fileName: string;
  keystore: Record<string, unknown>;
}

describe('security: wallet export', () => {
  let platform: TestPlatform;
  const printed: string[] = [];
  useAccountsPlatform(printed, (started) => (platform = started));

  const post = <T>(path: string, body: unknown, token: string) =>
    call<T>(platform, 'POST', path, body, bearer(token));

  async function mailedCode(person: { email: string; token: string }) {
    await ageLastOtp(platform, person.email, 60);
    const sent = await post('/security/wallet-export/code', undefined, person.token);
    expect(sent).toMatchObject({ status: 200, message: ACCOUNT_MESSAGES.otpSent });
    // The newest code mail: the "wallet exported" notice of an export before
    // goes through the mail queue, and may reach the outbox after this one.
    const [mail] = await platform.ctx.db.query<{ text_body: string }>(
      `SELECT text_body FROM outbox_emails WHERE lower(to_address) = lower($1) AND subject = $2
        ORDER BY created_at DESC LIMIT 1`,
      [person.email, EXPORT_CODE_SUBJECT],
    );
    return /\b(\d{6})\b/.exec(mail!.text_body)![1]!;
  }
  const exportWallet = (token: string, body: Record<string, unknown>) =>
    post<Exported>('/security/wallet-export', { passphrase: PASSPHRASE, ...body }, token);
  const exportedMails = async (to: string) =>
    platform.ctx.db.query<{ text_body: string }>(
      `SELECT text_body FROM mail_queue WHERE lower(to_address) = lower($1) AND subject = $2`,
      [to, WALLET_EXPORTED_SUBJECT],
    );

  it("exports the user's wallet as a keystore file that ethers opens to the same address, once per code", async () => {
    const person = await registerUser(platform);
    const emailCode = await mailedCode(person);
    const [mail] = await platform.ctx.db.query<{ subject: string }>(
      `SELECT subject FROM outbox_emails WHERE lower(to_address) = lower($1) ORDER BY created_at DESC LIMIT 1`,
      [person.email],
    );
    expect(mail!.subject).toBe(EXPORT_CODE_SUBJECT);

    const answer = await exportWallet(person.token, { password: person.password, emailCode });
    expect(answer).toMatchObject({ status: 200, message: SECURITY_MESSAGES.walletExported });
    const { address, fileName, keystore } = answer.data;
    expect(address.toLowerCase()).toBe(person.user.account!.toLowerCase());
    expect(fileName).toMatch(
      new RegExp(
        `^UTC--\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z--${address.slice(2).toLowerCase()}$`,
      ),
    );
    expect(keystore).toMatchObject({ version: 3, crypto: { kdf: 'scrypt' } });
    const opened = await Wallet.fromEncryptedJson(JSON.stringify(keystore), PASSPHRASE);
    expect(opened.address).toBe(address);
    await expect(
      Wallet.fromEncryptedJson(JSON.stringify(keystore), 'another passphrase!'),
    ).rejects.toThrow();

    // Recorded in the person's security events (the export's audit trail).
    expect(
      await findSecurityEvents(platform.ctx.db, { kind: 'user', id: person.user._id }),
    ).toContainEqual({ event: 'wallet.export', details: { address }, network: expect.any(String) });
    // And shown to the person, newest first, on their Security section.
    const overview = await call<{ recentActivity: { event: string; network: string | null }[] }>(
      platform,
      'GET',
      '/security',
      undefined,
      bearer(person.token),
    );
    expect(overview.data.recentActivity[0]).toMatchObject({
      event: 'wallet.export',
      network: expect.any(String),
    });

    const [exported, ...more] = await exportedMails(person.email);
    expect(more).toEqual([]);
    expect(exported!.text_body).toContain(address);
    expect(exported!.text_body).not.toContain(opened.privateKey.slice(2));

    // The code worked once.
    const again = await exportWallet(person.token, { password: person.password, emailCode });
    expect(again.status).toBe(400);
    expect(again.data).toBeNull();
  });

  it("refuses an admin's wallet, and mails admins no export code", async () => {
    const admin = await firstAdmin(platform);
    expect(
      await exportWallet(admin.token, { password: 'whatever-it-is', emailCode: '123456' }),
    ).toMatchObject({
      status: 403,
      message: SECURITY_MESSAGES.adminWalletNotExportable,
      data: null,
    });
    expect((await post('/security/wallet-export/code', undefined, admin.token)).status).toBe(403);
    expect(
      (await call(platform, 'POST', '/security/wallet-export', { passphrase: PASSPHRASE })).status,
    ).toBe(401);
  });

  it('without a second factor, refuses a missing or wrong password or email code', async () => {
    const person = await registerUser(platform);
    const refused = (answer: Answer<unknown>, status: number, message: string) => {
      expect(answer).toMatchObject({
        status,
        message,
        data: expect.not.objectContaining({ keystore: expect.anything() }),
      });
    };
    const missing = SECURITY_MESSAGES.exportNeedsPasswordAndCode;
    refused(await exportWallet(person.token, {}), 400, missing);
    refused(await exportWallet(person.token, { password: person.password }), 400, missing);
    refused(await exportWallet(person.token, { emailCode: '123456' }), 400, missing);

    const emailCode = await mailedCode(person);
    const wrongCode = emailCode === '000000' ? '000001' : '000000';
    refused(
      await exportWallet(person.token, { password: 'Wr0ng!password', emailCode }),
      400,
      SECURITY_MESSAGES.wrongPassword,
    );
    refused(
      await exportWallet(person.token, { password: person.password, emailCode: wrongCode }),
      400,
      ACCOUNT_MESSAGES.otpInvalid,
    );
    // A short passphrase is refused before anything else.
    refused(
      await exportWallet(person.token, {
        password: person.password,
        emailCode,
        passphrase: 'short',
      }),
      400,
      SECURITY_MESSAGES.passphraseTooShort,
    );
    expect(await exportedMails(person.email)).toEqual([]);
    // None of those used the code up.
    expect(
      (await exportWallet(person.token, { password: person.password, emailCode })).status,
    ).toBe(200);
  });

  it(`exports a wallet at most ${WALLET_EXPORTS_PER_DAY} times a day`, async () => {
    const person = await registerUser(platform);
    for (let i = 0; i < WALLET_EXPORTS_PER_DAY; i += 1) {
      const emailCode = await mailedCode(person);
      expect(
        (await exportWallet(person.token, { password: person.password, emailCode })).status,
      ).toBe(200);
    }
    const emailCode = await mailedCode(person);
    expect(
      (await exportWallet(person.token, { password: person.password, emailCode })).status,
    ).toBe(429);
    expect(await exportedMails(person.email)).toHaveLength(WALLET_EXPORTS_PER_DAY);
  });
});
