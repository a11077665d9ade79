// Reads the OTP the app mailed to an address, from the e2e mail sink.
import { expect } from '@playwright/test';
import { PRODUCT_NAME } from '@gets/schema';
import type { SinkMessage } from './mail-sink';
import { MAIL_SINK_HTTP_PORT } from './e2e-env';

export const MAIL_SINK_URL = `http://127.0.0.1:${MAIL_SINK_HTTP_PORT}`;

/**
 * A new browser's sign-in notice (decision 0064) is sent whenever the worker
 * gets to it, before or after the step a journey waits on: the counts and the
 * OTP reads leave it out.
 */
const SIGN_IN_NOTICE = `New sign-in to your ${PRODUCT_NAME} account`;

async function messagesTo(email: string): Promise<SinkMessage[]> {
  const response = await fetch(`${MAIL_SINK_URL}/messages`);
  const all = (await response.json()) as SinkMessage[];
  return all.filter(
    (message) => message.to.includes(email.toLowerCase()) && message.subject !== SIGN_IN_NOTICE,
  );
}

/** Waits for the (count+1)-th mail to `email` and returns the 6-digit code in it. */
export async function waitForOtp(email: string, afterCount = 0): Promise<string> {
  let code = '';
  await expect
    .poll(
      async () => {
        const mails = await messagesTo(email);
        const mail = mails[afterCount];
        code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
        return code;
      },
      { message: `an OTP mail to ${email}`, timeout: 20_000 },
    )
    .not.toBe('');
  return code;
}

export async function mailCount(email: string): Promise<number> {
  return (await messagesTo(email)).length;
}
