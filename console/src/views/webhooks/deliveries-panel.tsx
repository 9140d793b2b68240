import { useState } from 'preact/hooks';
import { ErrorMessage, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { ConsoleApi } from '../../console-api';
import { formatTime } from '../../format';
import { listDeliveries, redeliver, type WebhookDelivery, type WebhookEndpoint } from './webhooks-wire';

interface DeliveriesPanelProps {
  api: ConsoleApi;
  endpoint: WebhookEndpoint;
  /** Called when the log is read again or a delivery is sent again. */
  onActivity: () => void;
}

/**
 * One endpoint's delivery log, newest first: status, attempts, the last answer or error and the times. A delivered or
 * failed one can be sent again (same `webhook-id`, so the receiver can tell it is the same event); a pending one is
 * still in its retry schedule and has no button.
 */
export function DeliveriesPanel({ api, endpoint, onActivity }: DeliveriesPanelProps) {
  const deliveries = useLoad(() => listDeliveries(api, endpoint.id), [api, endpoint.id]);
  // The endpoints table shows the newest delivery's status: it is read again whenever this log is.
  const reload = () => {
    deliveries.reload();
    onActivity();
  };
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const again = async (delivery: WebhookDelivery) => {
    setError(null);
    setNote(null);
    try {
      await redeliver(api, endpoint.id, delivery.id);
      setNote(`Delivery ${delivery.id} queued again.`);
      reload();
    } catch (err) {
      setError((err as Error).message);
    }
  };

  return (
    <section aria-labelledby="deliveries-heading">
      <h2 id="deliveries-heading">
        Deliveries to <code>{endpoint.url}</code>
      </h2>
      <div class="inline-form">
        <button type="button" class="secondary" onClick={reload}>
          Refresh deliveries
        </button>
        <p role="status" class="muted">
          {note ?? ''}
        </p>
      </div>
      {deliveries.loading && !deliveries.data && <Loading what="deliveries" />}
      <ErrorMessage error={deliveries.error ?? error} />
      {deliveries.data && deliveries.data.length === 0 && <p>No deliveries in the last 30 days.</p>}
      {deliveries.data && deliveries.data.length > 0 && (
        <div class="table-scroll">
          <table>
            <caption class="visually-hidden">Deliveries to {endpoint.url}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col" class="num">
                  Attempts
                </th>
                <th scope="col">Last answer</th>
                <th scope="col">Created</th>
                <th scope="col">Last attempt</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {deliveries.data.map((d) => (
                <tr key={d.id} data-delivery-id={d.id}>
                  <th scope="row">
                    <code>{d.eventType}</code>
                  </th>
                  <td class={`status status-${d.status}`}>{d.status}</td>
                  <td class="num">{d.attempts}</td>
                  <td>{d.lastError ?? (d.lastStatusCode === null ? '—' : `HTTP ${d.lastStatusCode}`)}</td>
                  <td>{formatTime(d.createdAt)}</td>
                  <td>{formatTime(d.lastAttemptAt)}</td>
                  <td>
                    {d.status === 'pending' ? (
                      <span class="muted">
                        {d.nextAttemptAt ? `next ${formatTime(d.nextAttemptAt)}` : 'being sent'}
                      </span>
                    ) : (
                      <button type="button" class="small" onClick={() => again(d)}>
                        Redeliver
                        <span class="visually-hidden">
                          {' '}
                          {d.eventType} delivery {d.id}
                        </span>
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
