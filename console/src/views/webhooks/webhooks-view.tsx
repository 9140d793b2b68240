import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorMessage, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { ConsoleApi } from '../../console-api';
import { formatTime } from '../../format';
import { CreateEndpointDialog } from './create-endpoint-dialog';
import { DeliveriesPanel } from './deliveries-panel';
import { WebhookSecretDialog } from './webhook-secret-dialog';
import { createEndpoint, deleteEndpoint, listEndpoints, rotateSecret, type WebhookEndpoint } from './webhooks-wire';

type Pending = { kind: 'rotate' | 'delete'; endpoint: WebhookEndpoint };

/**
 * The account's outbound webhook endpoints (issue 19), as the API keys view manages keys: add one (its signing
 * secret shown once), rotate its secret (shown once again), delete it after confirming, and read one endpoint's
 * deliveries with a Redeliver button.
 */
export function WebhooksView({ api }: { api: ConsoleApi }) {
  const listed = useLoad(() => listEndpoints(api), [api]);
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ title: string; secret: string } | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [openId, setOpenId] = useState<string | null>(null);
  const endpoints = listed.data?.endpoints;
  const open = endpoints?.find((e) => e.id === openId) ?? null;

  return (
    <>
      <h1 tabIndex={-1}>Webhooks</h1>
      <p class="muted">
        HDS posts signed events (Standard Webhooks) to these URLs: a file processed or failed, a Subject erased, a
        session deleted and more. Payloads carry ids and counts, never health values.
      </p>
      <button type="button" onClick={() => setCreating(true)}>
        Add endpoint
      </button>
      <section aria-labelledby="endpoints-heading">
        <h2 id="endpoints-heading">Endpoints</h2>
        {listed.loading && !listed.data && <Loading what="endpoints" />}
        <ErrorMessage error={listed.error} />
        {endpoints && endpoints.length === 0 && <p>No webhook endpoints yet.</p>}
        {endpoints && endpoints.length > 0 && (
          <div class="table-scroll">
            <table>
              <caption class="visually-hidden">The account's webhook endpoints</caption>
              <thead>
                <tr>
                  <th scope="col">URL</th>
                  <th scope="col">Events</th>
                  <th scope="col">Created</th>
                  <th scope="col">Last delivery</th>
                  <th scope="col">
                    <span class="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {endpoints.map((endpoint) => (
                  <tr key={endpoint.id} class={endpoint.id === openId ? 'selected' : undefined}>
                    <th scope="row">
                      <code>{endpoint.url}</code>
                      {endpoint.description && <div class="muted">{endpoint.description}</div>}
                    </th>
                    <td>{endpoint.events ? endpoint.events.join(', ') : 'Every event'}</td>
                    <td>{formatTime(endpoint.createdAt)}</td>
                    <td class={`status status-${endpoint.lastDeliveryStatus ?? 'none'}`}>
                      {endpoint.lastDeliveryStatus ?? 'None yet'}
                    </td>
                    <td>
                      <div class="inline-form">
                        <button
                          type="button"
                          class="small"
                          aria-pressed={endpoint.id === openId}
                          onClick={() => setOpenId(endpoint.id === openId ? null : endpoint.id)}
                        >
                          Deliveries<span class="visually-hidden"> to {endpoint.url}</span>
                        </button>
                        <button
                          type="button"
                          class="small secondary"
                          onClick={() => setPending({ kind: 'rotate', endpoint })}
                        >
                          Rotate secret<span class="visually-hidden"> of {endpoint.url}</span>
                        </button>
                        <button
                          type="button"
                          class="small danger"
                          onClick={() => setPending({ kind: 'delete', endpoint })}
                        >
                          Delete<span class="visually-hidden"> endpoint {endpoint.url}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
      {open && <DeliveriesPanel key={open.id} api={api} endpoint={open} onActivity={listed.reload} />}
      {creating && listed.data && (
        <CreateEndpointDialog
          eventTypes={listed.data.eventTypes}
          onClose={() => setCreating(false)}
          onCreate={async (input) => {
            const created = await createEndpoint(api, input);
            setCreating(false);
            setSecret({ title: `Signing secret of ${created.endpoint.url}`, secret: created.secret });
            listed.reload();
          }}
        />
      )}
      {secret && <WebhookSecretDialog title={secret.title} secret={secret.secret} onClose={() => setSecret(null)} />}
      {pending?.kind === 'rotate' && (
        <ConfirmDialog
          title="Rotate the signing secret?"
          confirmLabel="Rotate secret"
          onClose={() => setPending(null)}
          onConfirm={async () => {
            const rotated = await rotateSecret(api, pending.endpoint.id);
            setSecret({ title: `New signing secret of ${rotated.endpoint.url}`, secret: rotated.secret });
          }}
        >
          <p>
            <code>{pending.endpoint.url}</code> gets a new secret. The current one keeps signing beside it for 24 hours,
            time to give the new one to your receiver.
          </p>
        </ConfirmDialog>
      )}
      {pending?.kind === 'delete' && (
        <ConfirmDialog
          title="Delete the webhook endpoint?"
          confirmLabel="Delete endpoint"
          onClose={() => setPending(null)}
          onConfirm={async () => {
            await deleteEndpoint(api, pending.endpoint.id);
            if (openId === pending.endpoint.id) setOpenId(null);
            listed.reload();
          }}
        >
          <p>
            Nothing more is sent to <code>{pending.endpoint.url}</code>; deliveries still being retried end as failed.
            This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
