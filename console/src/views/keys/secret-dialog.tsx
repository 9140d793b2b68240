import { useState } from 'preact/hooks';
import { Dialog } from '../../components/dialog';

/**
 * The new key's secret, shown this once: the service keeps only its hash. Copy uses the Clipboard API where the page
 * may (a secure context: https, or localhost), else selects the text so the person copies it by hand.
 */
export function SecretDialog({ name, secret, onClose }: { name: string; secret: string; onClose: () => void }) {
  const [copied, setCopied] = useState<string | null>(null);

  const copy = async () => {
    const field = document.getElementById('new-key-secret') as HTMLInputElement | null;
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('Copied to the clipboard.');
    } catch {
      field?.select();
      setCopied('Selected: press Ctrl+C (⌘C) to copy.');
    }
  };

  return (
    <Dialog title={`Your new key “${name}”`} onClose={onClose}>
      <p class="warning" role="note">
        Copy this secret now and keep it somewhere safe. It is shown only once: HDS stores only its hash and cannot show
        it again.
      </p>
      <label for="new-key-secret">Secret</label>
      <div class="secret-row">
        <input id="new-key-secret" class="secret" readOnly value={secret} onFocus={(e) => e.currentTarget.select()} />
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
