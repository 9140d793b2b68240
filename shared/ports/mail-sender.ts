/** One plain-text message to one recipient (sign-in codes are the only mail HDS sends). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Sends mail: Amazon SES in the cloud, an `.eml` outbox or an SMTP catcher locally. Adapters never log a message's
 * text or recipient, and name a provider failure by its kind only.
 */
export interface MailSender {
  send(message: MailMessage): Promise<void>;
}

/** The provider refused or failed to take the message (throttled, rejected, paused, unreachable). */
export class MailDeliveryError extends Error {
  constructor(
    message: string,
    /** The provider's error name (`MessageRejected`, `ECONNREFUSED`, …), safe to log. */
    readonly kind: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = new.target.name;
  }
}
