import type { ComponentChildren } from 'preact';
import { useState } from 'preact/hooks';
import { Dialog } from './dialog';
import { ErrorMessage } from './status';

interface ConfirmDialogProps {
  title: string;
  children: ComponentChildren;
  confirmLabel: string;
  /** When set, the action stays disabled until exactly this text is typed (the Subject key before erasing it). */
  typed?: string;
  onConfirm: () => Promise<void>;
  onClose: () => void;
}

/**
 * Asks before a destructive action. The action runs from inside the dialog so its failure is shown there, next to
 * the button that caused it; the dialog closes only once it succeeded.
 */
export function ConfirmDialog({ title, children, confirmLabel, typed, onConfirm, onClose }: ConfirmDialogProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = typed === undefined || text === typed;

  const submit = async (event: Event) => {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      onClose();
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog title={title} onClose={onClose} role="alertdialog">
      <form onSubmit={submit}>
        <div class="dialog-body">{children}</div>
        {typed !== undefined && (
          <p>
            <label>
              Type <code>{typed}</code> to confirm
              <input
                data-autofocus
                value={text}
                autocomplete="off"
                spellcheck={false}
                onInput={(e) => setText(e.currentTarget.value)}
              />
            </label>
          </p>
        )}
        <ErrorMessage error={error} />
        <div class="dialog-actions">
          <button type="button" data-autofocus={typed === undefined ? true : undefined} onClick={onClose}>
            Cancel
          </button>
          {/* Not disabled while busy (that would drop focus); `submit` ignores a second press instead. */}
          <button type="submit" class="danger" disabled={!ready} aria-busy={busy}>
            {busy ? 'Working…' : confirmLabel}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
