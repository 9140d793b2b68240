import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorMessage, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { ConsoleApi } from '../../console-api';
import { formatTime } from '../../format';
import { type ApiKey, createKey, listKeys, revokeKey } from './keys-wire';
import { SecretDialog } from './secret-dialog';

/** Create a key (its secret shown once), list the live ones with prefix and last use, revoke one after confirming. */
export function KeysView({ api }: { api: ConsoleApi }) {
  const keys = useLoad(() => listKeys(api), [api]);
  const [name, setName] = useState('');
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ key: ApiKey; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  const create = async (event: Event) => {
    event.preventDefault();
    if (creating) return;
    setCreating(true);
    setCreateError(null);
    try {
      setCreated(await createKey(api, name.trim()));
      setName('');
      keys.reload();
    } catch (err) {
      setCreateError((err as Error).message);
    } finally {
      setCreating(false);
    }
  };

  return (
    <>
      <h1 tabIndex={-1}>API keys</h1>
      <p class="muted">
        Keys call <code>/v1</code> on behalf of this account. A key works from its creation until it is revoked.
      </p>
      <section aria-labelledby="create-key-heading">
        <h2 id="create-key-heading">Create a key</h2>
        <form class="inline-form" onSubmit={create}>
          <label for="key-name">Key name</label>
          <input
            id="key-name"
            required
            maxLength={100}
            value={name}
            placeholder="e.g. laptop"
            onInput={(e) => setName(e.currentTarget.value)}
          />
          <button type="submit" aria-busy={creating}>
            Create key
          </button>
        </form>
        <ErrorMessage error={createError} />
      </section>
      <section aria-labelledby="keys-heading">
        <h2 id="keys-heading">Live keys</h2>
        {keys.loading && !keys.data && <Loading what="keys" />}
        <ErrorMessage error={keys.error} />
        {keys.data && keys.data.length === 0 && <p>No live keys yet.</p>}
        {keys.data && keys.data.length > 0 && (
          <table>
            <caption class="visually-hidden">The account's live API keys</caption>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Prefix</th>
                <th scope="col">Created</th>
                <th scope="col">Last used</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id}>
                  <th scope="row">{key.name}</th>
                  <td>
                    <code>{key.prefix}…</code>
                  </td>
                  <td>{formatTime(key.createdAt)}</td>
                  <td>{key.lastUsedAt ? formatTime(key.lastUsedAt) : 'Never'}</td>
                  <td>
                    <button type="button" class="danger" onClick={() => setRevoking(key)}>
                      Revoke<span class="visually-hidden"> key {key.name}</span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {created && <SecretDialog name={created.key.name} secret={created.secret} onClose={() => setCreated(null)} />}
      {revoking && (
        <ConfirmDialog
          title={`Revoke the key “${revoking.name}”?`}
          confirmLabel="Revoke key"
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            await revokeKey(api, revoking.id);
            keys.reload();
          }}
        >
          <p>
            Every request with <code>{revoking.prefix}…</code> is refused from the next one on. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
