import { useState } from 'preact/hooks';
import { ConfirmDialog } from '../../components/confirm-dialog';
import type { ConsoleApi } from '../../console-api';
import { FilesSection } from './files-section';
import { ReadingsSection } from './readings-section';
import { SeriesSection } from './series-section';
import { SessionsSection } from './sessions-section';
import { deleteSubject, prefetchSeriesPoints } from './subjects-wire';

interface SubjectViewProps {
  api: ConsoleApi;
  user: string;
  /** The series whose chart is open (from `#/subjects/<user>/series/<series>`); the first one when null. */
  series: string | null;
}

/** One Subject: its series (grouped by LOINC code) with a chart, its readings, files and sessions, and erasure. */
export function SubjectView({ api, user, series }: SubjectViewProps) {
  // A series named in the address starts loading now, beside the series list (runs once, at the first render).
  useState(() => series && prefetchSeriesPoints(api, user, series));
  const [erasing, setErasing] = useState(false);
  const [erased, setErased] = useState(false);
  // A deleted reading changes the series; the sections reload together.
  const [revision, setRevision] = useState(0);
  const changed = () => setRevision((r) => r + 1);

  if (erased) {
    return (
      <>
        <h1 tabIndex={-1}>Subject {user} erased</h1>
        <p role="status">
          Its readings, files and sessions are gone from every read; the stored copies are purged in the background.{' '}
          <a href="#/subjects">Back to the Subjects</a>.
        </p>
      </>
    );
  }
  return (
    <>
      <p class="breadcrumb">
        <a href="#/subjects">Subjects</a> / {user}
      </p>
      <h1 tabIndex={-1}>Subject {user}</h1>
      <SeriesSection api={api} user={user} selected={series} revision={revision} />
      <ReadingsSection api={api} user={user} revision={revision} onChanged={changed} />
      <FilesSection api={api} user={user} onChanged={changed} />
      <SessionsSection api={api} user={user} onChanged={changed} />
      <section aria-labelledby="erase-heading" class="danger-zone">
        <h2 id="erase-heading">Erase this Subject</h2>
        <p>Deletes every reading, file, session and conversation of this Subject. This cannot be undone.</p>
        <button type="button" class="danger" onClick={() => setErasing(true)}>
          Erase Subject {user}
        </button>
      </section>
      {erasing && (
        <ConfirmDialog
          title={`Erase the Subject “${user}”?`}
          confirmLabel="Erase Subject"
          typed={user}
          onClose={() => setErasing(false)}
          onConfirm={async () => {
            await deleteSubject(api, user);
            setErased(true);
          }}
        >
          <p>Everything stored for this Subject is deleted, for every key of this account.</p>
        </ConfirmDialog>
      )}
    </>
  );
}
