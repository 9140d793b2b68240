import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { ErrorMessage, Loading } from '../../components/status';
import { useLoad } from '../../components/use-load';
import type { ConsoleApi } from '../../console-api';
import { formatNumber, formatTime } from '../../format';
import { deleteFile, type FileSummary, getFile, listFiles } from './subjects-wire';

/** The Subject's files with their status; one opened shows its abstract and the text read from it. */
export function FilesSection({ api, user, onChanged }: { api: ConsoleApi; user: string; onChanged: () => void }) {
  const files = useLoad(() => listFiles(api, user), [api, user]);
  const [open, setOpen] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<FileSummary | null>(null);
  const list = files.data ?? [];
  return (
    <section aria-labelledby="files-heading">
      <h2 id="files-heading">Files</h2>
      {files.loading && !files.data && <Loading what="files" />}
      <ErrorMessage error={files.error} />
      {files.data && list.length === 0 && <p>No files.</p>}
      {list.length > 0 && (
        <ul class="file-list">
          {list.map((f) => (
            <li key={f.key}>
              <div class="file-row">
                <button
                  type="button"
                  class="link"
                  aria-expanded={open === f.key}
                  onClick={() => setOpen(open === f.key ? null : f.key)}
                >
                  {f.filename || f.key}
                </button>
                <span class={`status status-${f.status}`}>{f.status}</span>
                <span class="muted">
                  {f.type ?? ''} · {formatNumber(f.bytes, 0)} bytes · {formatTime(f.createdAt)}
                  {f.records !== null ? ` · ${f.records} readings` : ''}
                </span>
                <button type="button" class="danger small" onClick={() => setDeleting(f)}>
                  Delete<span class="visually-hidden"> file {f.filename}</span>
                </button>
              </div>
              {open === f.key && <FileDetailView api={api} user={user} fileKey={f.key} />}
            </li>
          ))}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete the file “${deleting.filename}”?`}
          confirmLabel="Delete file"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteFile(api, user, deleting.key);
            files.reload();
            onChanged();
          }}
        >
          <p>The file and the readings taken from it are deleted.</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

function FileDetailView({ api, user, fileKey }: { api: ConsoleApi; user: string; fileKey: string }) {
  const file = useLoad(() => getFile(api, user, fileKey), [api, user, fileKey]);
  if (file.loading && !file.data) return <Loading what="the file" />;
  if (file.error) return <ErrorMessage error={file.error} />;
  const f = file.data;
  if (!f) return null;
  return (
    <div class="file-detail">
      <h3>Abstract</h3>
      <p>{f.abstract ?? <span class="muted">None yet.</span>}</p>
      <h3>Parsed text</h3>
      {f.extractedText ? <pre class="parsed-text">{f.extractedText}</pre> : <p class="muted">None yet.</p>}
    </div>
  );
}
