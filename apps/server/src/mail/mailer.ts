// Outgoing mail behind one interface with two transports: SMTP (nodemailer,
// SMTP_URL) in production, and on the embedded default an outbox table plus a
// console line, so a developer can read the OTP without a mail server.
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Config } from '../config.ts';
import type { Queryable } from '../db/database.ts';
import { insertOutboxEmail } from './outbox-repository.ts';

export interface MailMessage {
  to: string;
  /** Fixed words of the platform: nothing a user typed goes into a header. */
  subject: string;
  text: string;
  /** The same words as HTML, anything a user typed escaped; sent beside the text. */
  html?: string;
  /** A link that stops mails of this kind to the address: sent as List-Unsubscribe. */
  unsubscribeUrl?: string;
  /** One line the outbox prints to the console instead of the whole mail. */
  consoleLine?: string;
}

export interface Mailer {
  readonly transport: 'smtp' | 'outbox';
  /**
   * Sends one mail. `via` is the database transaction the mail belongs to:
   * the outbox keeps it only if that transaction commits (so a mail decided
   * and recorded there is kept exactly once); SMTP sends at once.
   */
  send(message: MailMessage, via?: Queryable): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(
  config: Pick<Config, 'mail'>,
  db: Queryable,
  print: (line: string) => void = (line) => console.log(line),
): Mailer {
  return config.mail.smtpUrl
    ? smtpMailer(config.mail.smtpUrl, config.mail.from)
    : outboxMailer(db, print);
}

function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transporter = nodemailer.createTransport(smtpUrl);
  return {
    transport: 'smtp',
    async send(message) {
      await transporter.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.unsubscribeUrl === undefined
          ? {}
          : { list: { unsubscribe: message.unsubscribeUrl } }),
      });
    },
    async close() {
      transporter.close();
    },
  };
}

function outboxMailer(db: Queryable, print: (line: string) => void): Mailer {
  return {
    transport: 'outbox',
    async send(message, via) {
      await insertOutboxEmail(via ?? db, {
        id: randomUUID(),
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
      });
      print(message.consoleLine ?? `Mail to ${message.to}: ${message.subject}`);
    },
    async close() {},
  };
}
