import { useState } from 'preact/hooks';
import { Dialog } from '../../components/dialog';
import { ErrorMessage } from '../../components/status';
import type { NewEndpoint } from './webhooks-wire';

interface CreateEndpointDialogProps {
  eventTypes: string[];
  /** Resolves once created; a refusal is shown in the dialog, next to the fields. */
  onCreate: (input: NewEndpoint) => Promise<void>;
  onClose: () => void;
}

/** URL, description and the event types to send; none ticked means every type, as the API reads an absent list. */
export function CreateEndpointDialog({ eventTypes, onCreate, onClose }: CreateEndpointDialogProps) {
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [events, setEvents] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const toggle = (type: string, on: boolean) =>
    setEvents((now) => (on ? [...now, type] : now.filter((t) => t !== type)));

  const submit = async (event: Event) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      // In the service's order, whatever order they were ticked in.
      await onCreate({
        url: url.trim(),
        description: description.trim(),
        events: eventTypes.filter((t) => events.includes(t)),
      });
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };

  return (
    <Dialog title="Add a webhook endpoint" onClose={onClose}>
      <form class="stack" onSubmit={submit}>
        <label for="endpoint-url">Endpoint URL</label>
        <input
          id="endpoint-url"
          type="url"
          required
          maxLength={2048}
          value={url}
          placeholder="https://example.com/hds-events"
          data-autofocus
          onInput={(e) => setUrl(e.currentTarget.value)}
        />
        <label for="endpoint-description">Description (optional)</label>
        <input
          id="endpoint-description"
          maxLength={500}
          value={description}
          onInput={(e) => setDescription(e.currentTarget.value)}
        />
        <fieldset class="checkbox-list" aria-describedby="endpoint-events-hint">
          <legend>Events</legend>
          <p id="endpoint-events-hint" class="muted">
            None ticked: every event type, including ones added later.
          </p>
          {eventTypes.map((type) => (
            <label key={type}>
              <input
                type="checkbox"
                name="events"
                value={type}
                checked={events.includes(type)}
                onChange={(e) => toggle(type, e.currentTarget.checked)}
              />{' '}
              <code>{type}</code>
            </label>
          ))}
        </fieldset>
        <ErrorMessage error={error} />
        <div class="dialog-actions">
          <button type="button" class="secondary" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" aria-busy={busy}>
            {busy ? 'Working…' : 'Add endpoint'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
