import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { Pager } from '../../components/pager';
import { ErrorMessage, Loading } from '../../components/status';
import { usePages } from '../../components/use-pages';
import type { ConsoleApi } from '../../console-api';
import { formatTime } from '../../format';
import { deleteReading, listReadings, type Reading } from './subjects-wire';

interface ReadingsSectionProps {
  api: ConsoleApi;
  user: string;
  revision: number;
  onChanged: () => void;
}

/** The Subject's readings, newest first, 25 a page; each may be deleted. */
export function ReadingsSection({ api, user, revision, onChanged }: ReadingsSectionProps) {
  const readings = usePages((cursor) => listReadings(api, user, cursor), [api, user, revision]);
  const [deleting, setDeleting] = useState<Reading | null>(null);
  const items = readings.data?.items;
  return (
    <section aria-labelledby="readings-heading">
      <h2 id="readings-heading">Readings</h2>
      {readings.loading && !items && <Loading what="readings" />}
      <ErrorMessage error={readings.error} />
      {items && items.length === 0 && <p>No readings.</p>}
      {items && items.length > 0 && (
        <div class="table-scroll">
          <table>
            <caption class="visually-hidden">Readings of Subject {user}, newest first</caption>
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Indicator</th>
                <th scope="col" class="num">
                  Value
                </th>
                <th scope="col">Unit</th>
                <th scope="col">Reference</th>
                <th scope="col">Flag</th>
                <th scope="col">
                  <span class="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((r) => (
                <tr key={r.id}>
                  <td>{formatTime(r.time)}</td>
                  <th scope="row">
                    {r.name ?? r.indicator}
                    {r.name && r.name !== r.indicator && <span class="muted"> ({r.indicator})</span>}
                  </th>
                  <td class="num">{r.value}</td>
                  <td>{r.unit ?? '—'}</td>
                  <td>{r.reference ?? '—'}</td>
                  <td>{r.abnormal ? <strong class="flag">abnormal</strong> : ''}</td>
                  <td>
                    <button type="button" class="danger small" onClick={() => setDeleting(r)}>
                      Delete
                      <span class="visually-hidden">
                        {' '}
                        the reading of {r.indicator} at {formatTime(r.time)}
                      </span>
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager label="Readings" page={readings.pageNumber} previous={readings.previous} next={readings.next} />
      {deleting && (
        <ConfirmDialog
          title="Delete this reading?"
          confirmLabel="Delete reading"
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            await deleteReading(api, user, deleting.id);
            onChanged();
          }}
        >
          <p>
            {deleting.name ?? deleting.indicator} = {deleting.value} {deleting.unit ?? ''} at{' '}
            {formatTime(deleting.time)}, with its FHIR copy.
          </p>
        </ConfirmDialog>
      )}
    </section>
  );
}
