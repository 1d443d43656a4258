// A local SMTP server for tests of mail delivery: every message it receives, with its recipients, as raw text.
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface SmtpCapture {
  /** The SMTP_URL that delivers here. */
  url: string;
  received: { to: string; text: string }[];
  close(): Promise<void>;
}

export async function startSmtpCapture(): Promise<SmtpCapture> {
  const received: SmtpCapture['received'] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      // latin1: a byte per character, so a base64 or quoted-printable body reads back exactly.
      let text = '';
      stream.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), text });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}
