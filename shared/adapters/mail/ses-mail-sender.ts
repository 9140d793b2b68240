import { type SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { MailDeliveryError, type MailMessage, type MailSender } from '../../ports/mail-sender';

export interface SesMailOptions {
  from: string;
  /** The verified identity the function's grant names; SES checks the sender against it. */
  identityArn?: string;
  configurationSet?: string;
}

/**
 * Amazon SES (v2 API, `SendEmail` with simple content) in the cloud. A refusal (throttling, `MessageRejected`,
 * `SendingPausedException`, the sandbox's unverified recipient) becomes a `MailDeliveryError` naming the SES error
 * only: neither the recipient nor the text reaches a log.
 */
export class SesMailSender implements MailSender {
  constructor(
    private readonly client: SESv2Client,
    private readonly options: SesMailOptions,
  ) {}

  async send(message: MailMessage): Promise<void> {
    try {
      await this.client.send(
        new SendEmailCommand({
          FromEmailAddress: this.options.from,
          FromEmailAddressIdentityArn: this.options.identityArn,
          Destination: { ToAddresses: [message.to] },
          ConfigurationSetName: this.options.configurationSet,
          Content: {
            Simple: {
              Subject: { Data: message.subject, Charset: 'UTF-8' },
              Body: { Text: { Data: message.text, Charset: 'UTF-8' } },
            },
          },
        }),
      );
    } catch (err) {
      const kind = (err as { name?: string })?.name ?? 'Error';
      throw new MailDeliveryError(`SES did not take the message (${kind})`, kind);
    }
  }
}
