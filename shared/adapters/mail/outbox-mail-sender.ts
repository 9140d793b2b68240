import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { MailMessage, MailSender } from '../../ports/mail-sender';
import { composeEml } from './compose-eml';

/**
 * The local default: every message lands as one `.eml` file (RFC 5322) in `outbox/` inside the data folder, where a
 * developer opens the sign-in code instead of waiting for mail. The folder is private to the user (0700, files
 * 0600), and a file is written under a temporary name then renamed, so a reader never sees half a message.
 */
export class OutboxMailSender implements MailSender {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async send(message: MailMessage): Promise<void> {
    const date = this.now();
    const eml = await composeEml(message, this.from, date);
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    const name = `${date.toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
    const partial = join(this.dir, `.${name}.partial`);
    await writeFile(partial, eml, { mode: 0o600 });
    await rename(partial, join(this.dir, name));
  }
}
