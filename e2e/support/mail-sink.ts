// Test-only mail sink for the e2e journeys: an SMTP server that keeps every
// message in memory, and a tiny HTTP endpoint that lists them as JSON
// (GET /messages) so a test can read the OTP the app mailed (the text part of
// a mail that has an HTML part too).
// Run: node --import tsx e2e/support/mail-sink.ts  (ports from MAIL_SINK_SMTP_PORT / MAIL_SINK_HTTP_PORT)
import http from 'node:http';
import { SMTPServer } from 'smtp-server';
import { readMail } from '../../apps/server/test/helpers/mail-message';
import { MAIL_SINK_HTTP_PORT, MAIL_SINK_SMTP_PORT } from './e2e-env';

export interface SinkMessage {
  from: string;
  to: string[];
  subject: string;
  text: string;
  receivedAt: string;
}

const smtpPort = MAIL_SINK_SMTP_PORT;
const httpPort = MAIL_SINK_HTTP_PORT;
const messages: SinkMessage[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      const mail = readMail(Buffer.concat(chunks).toString('utf8'));
      messages.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
        subject: mail.header('Subject'),
        text: mail.text,
        receivedAt: new Date().toISOString(),
      });
      callback();
    });
  },
});

const api = http.createServer((request, response) => {
  if (request.url === '/messages' && request.method === 'GET') {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify(messages));
    return;
  }
  if (request.url === '/health') {
    response.writeHead(200).end('ok');
    return;
  }
  response.writeHead(404).end();
});

smtp.listen(smtpPort, '127.0.0.1');
api.listen(httpPort, '127.0.0.1', () => {
  console.log(`mail sink: smtp://127.0.0.1:${smtpPort}, http://127.0.0.1:${httpPort}/messages`);
});

const stop = () => {
  api.close();
  smtp.close(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
