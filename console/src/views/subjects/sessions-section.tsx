import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorMessage, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { ConsoleApi } from '../../console-api';
import { formatTime } from '../../format';
import { deleteSession, listSessions, type SessionSummary } from './subjects-wire';

/** The Subject's chat sessions; deleting one erases its session-scoped data. */
export function SessionsSection({ api, user, onChanged }: { api: ConsoleApi; user: string; onChanged: () => void }) {
  const sessions = useLoad(() => listSessions(api, user), [api, user]);
  const [deleting, setDeleting] = useState<SessionSummary | null>(null);
  const list = sessions.data ?? [];
  return (
    <section aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      {sessions.loading && !sessions.data && <Loading what="sessions" />}
      <ErrorMessage error={sessions.error} />
      {sessions.data && list.length === 0 && <p>No sessions.</p>}
      {list.length > 0 && (
        <table>
          <caption class="visually-hidden">Sessions of Subject {user}</caption>
          <thead>
            <tr>
              <th scope="col">Session</th>
              <th scope="col">Started</th>
              <th scope="col">Status</th>
              <th scope="col">
                <span class="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.map((s) => (
              <tr key={s.id}>
                <th scope="row">
                  <code>{s.id}</code>
                </th>
                <td>{formatTime(s.openedAt)}</td>
                <td>{s.status}</td>
                <td>
                  <button type="button" class="danger small" onClick={() => setDeleting(s)}>
                    Delete<span class="visually-hidden"> session {s.id}</span>
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete this session?"
          confirmLabel="Delete session"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteSession(api, user, deleting.id);
            sessions.reload();
            onChanged();
          }}
        >
          <p>
            Session <code>{deleting.id}</code> is closed and its session-scoped readings are erased.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
