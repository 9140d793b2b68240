import { randomBytes } from 'node:crypto';
import MailComposer from 'nodemailer/lib/mail-composer/index.js';
import type { MailMessage } from '../../ports/mail-sender';

/**
 * A message as RFC 5322 bytes (`Date`, `From`, `To`, `Subject`, `Message-ID`, MIME headers, CRLF lines), built by
 * nodemailer's composer so headers are folded and non-ASCII text encoded as mail readers expect.
 */
export async function composeEml(message: MailMessage, from: string, date: Date): Promise<Buffer> {
  const domain = from.split('@')[1]?.replace(/[>\s].*$/, '') || 'hds.local';
  const composer = new MailComposer({
    from,
    to: message.to,
    subject: message.subject,
    text: message.text,
    date,
    messageId: `<${randomBytes(12).toString('hex')}@${domain}>`,
    textEncoding: 'quoted-printable',
  });
  return composer.compile().build();
}
