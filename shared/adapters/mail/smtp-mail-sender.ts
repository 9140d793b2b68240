import { createTransport, type Transporter } from 'nodemailer';
import { MailDeliveryError, type MailMessage, type MailSender } from '../../ports/mail-sender';

/**
 * Local opt-in: mail through an SMTP server (a catcher such as Mailpit at `HDS_SMTP_URL=smtp://127.0.0.1:1025`)
 * instead of the outbox folder. A failure names the transport's error code only.
 */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;

  constructor(
    url: string,
    private readonly from: string,
  ) {
    this.transport = createTransport(url);
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text });
    } catch (err) {
      const kind = String((err as { code?: string; name?: string })?.code ?? (err as Error)?.name ?? 'Error');
      throw new MailDeliveryError(`The SMTP server did not take the message (${kind})`, kind);
    }
  }

  close(): void {
    this.transport.close();
  }
}
