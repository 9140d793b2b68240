import { useState } from 'preact/hooks';
import { Dialog } from '../../components/dialog';

/**
 * An endpoint's signing secret (`whsec_…`), shown this once, as a new key's is: the service keeps it sealed for
 * signing and never answers with it again. Copy as the key dialog does (Clipboard API, else select for Ctrl+C).
 */
export function WebhookSecretDialog({
  title,
  secret,
  onClose,
}: {
  title: string;
  secret: string;
  onClose: () => void;
}) {
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied to the clipboard.');
    } catch {
      (document.getElementById('webhook-secret') as HTMLInputElement | null)?.select();
      setCopied('Selected: press Ctrl+C (⌘C) to copy.');
    }
  };

  return (
    <Dialog title={title} onClose={onClose}>
      <p class="warning" role="note">
        Copy this signing secret now and give it to your receiver: it verifies the <code>webhook-signature</code> header
        with it. It is shown only once; HDS cannot show it again.
      </p>
      <label for="webhook-secret">Signing secret</label>
      <div class="secret-row">
        <input id="webhook-secret" class="secret" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
        <button type="button" onClick={copy} data-autofocus>
          Copy
        </button>
      </div>
      <p role="status" class="muted">
        {copied ?? ''}
      </p>
      <div class="dialog-actions">
        <button type="button" class="secondary" onClick={onClose}>
          I have stored it
        </button>
      </div>
    </Dialog>
  );
}
