// The accounts calls as the web app makes them, and the OTP read back from
// the embedded outbox (the mail a person would open).
import http from 'node:http';
import { listOutboxEmails } from '../../src/mail/outbox-repository.ts';
import type { TestPlatform } from './test-platform.ts';

export const GOOD_PASSWORD = 'Str0ng!pass';

export interface Answer<T = unknown> {
  status: number;
  message: string;
  data: T;
}

export async function call<T = unknown>(
  platform: TestPlatform,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  pathname: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const response = await platform.request(`/gs-api${pathname}`, {
    method,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const json = (await response.json()) as { message: string; data: T };
  return { status: response.status, message: json.message, data: json.data };
}

/**
 * The same call from another address of this machine (127.0.0.2, ...): a
 * second device, as the server sees it, without trusting any header (or a
 * proxy there, with the X-Forwarded-For it sends in `headers`). A FormData
 * body goes as the multipart bytes fetch would send.
 */
export async function callFrom<T = unknown>(
  platform: TestPlatform,
  localAddress: string,
  pathname: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const url = new URL(`/gs-api${pathname}`, platform.url);
  const form = body instanceof FormData ? new Response(body) : null;
  const payload = form ? Buffer.from(await form.arrayBuffer()) : JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method: 'POST',
        localAddress,
        headers: {
          'content-type': form?.headers.get('content-type') ?? 'application/json',
          'content-length': Buffer.byteLength(payload),
          ...headers,
        },
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          const json = JSON.parse(text) as { message: string; data: T };
          resolve({ status: response.statusCode ?? 0, message: json.message, data: json.data });
        });
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The code in the newest mail to this address. */
export async function latestOtp(platform: TestPlatform, email: string): Promise<string> {
  const [mail] = await listOutboxEmails(platform.ctx.db, email);
  const code = mail && /\b(\d{6})\b/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no OTP mail for ${email}`);
  return code;
}

/** Lets the resend wait pass without sleeping: the last send is moved back in time. */
export async function ageLastOtp(platform: TestPlatform, email: string, seconds: number) {
  await platform.ctx.db.query(
    `UPDATE otp_codes SET sent_at = sent_at - $2::int * interval '1 second' WHERE email = $1`,
    [email, seconds],
  );
}

let counter = 0;
export function uniqueEmail(prefix = 'person') {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}@example.org`;
}

export interface RegisteredUser {
  token: string;
  user: { _id: string; email: string; userName: string; account: string | null; status: string };
  consent: { consentToken: string; description: string };
}

/** The whole registration as the /register page does it: OTP mail, then POST /metakeep. */
export async function registerUser(
  platform: TestPlatform,
  overrides: Record<string, unknown> = {},
): Promise<RegisteredUser & { email: string; password: string }> {
  const email = (overrides.email as string | undefined) ?? uniqueEmail();
  const sent = await call(platform, 'POST', '/admin-auth/send-verification-email', { email });
  if (sent.status !== 200) throw new Error(`OTP send failed: ${sent.status} ${sent.message}`);
  const otp = await latestOtp(platform, email);
  const body = {
    email,
    otp,
    password: GOOD_PASSWORD,
    fullName: 'Ada Lovelace',
    userName: `ada_${email
      .split('@')[0]!
      .replace(/[^a-z0-9]/g, '')
      .slice(-12)}`,
    userType: 'earner',
    profilePic: '',
    ...overrides,
  };
  const answer = await call<RegisteredUser>(platform, 'POST', '/metakeep', body);
  if (answer.status !== 201) throw new Error(`register failed: ${answer.status} ${answer.message}`);
  return { ...answer.data, email, password: GOOD_PASSWORD };
}
