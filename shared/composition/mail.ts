import { SESv2Client } from '@aws-sdk/client-sesv2';
import { OutboxMailSender } from '../adapters/mail/outbox-mail-sender';
import { SesMailSender } from '../adapters/mail/ses-mail-sender';
import { SmtpMailSender } from '../adapters/mail/smtp-mail-sender';
import { traceAwsClient } from '../observability';
import type { MailSender } from '../ports/mail-sender';
import { perConfig } from './per-config';

const LOCAL_SENDER = 'HDS <no-reply@hds.localhost>';

/**
 * Sign-in mail: an SMTP catcher when `HDS_SMTP_URL` is set, else the `.eml` outbox when the local runtime names one,
 * else Amazon SES as `HDS_MAIL_FROM`; null when none is configured (sign-in then answers code -1). The part of
 * functions that name `sendsMail`.
 */
export const mail = perConfig((cfg): MailSender | null => {
  const { from, smtpUrl, outboxDir, sesIdentityArn, sesConfigurationSet } = cfg.auth.mail;
  if (smtpUrl) return new SmtpMailSender(smtpUrl, from ?? LOCAL_SENDER);
  if (outboxDir) return new OutboxMailSender(outboxDir, from ?? LOCAL_SENDER);
  if (from) {
    return new SesMailSender(traceAwsClient(new SESv2Client({ region: cfg.region })), {
      from,
      identityArn: sesIdentityArn,
      configurationSet: sesConfigurationSet,
    });
  }
  return null;
});
