import { Pager } from '../../components/pager';
import { ErrorMessage, Loading } from '../../components/status';
import { usePages } from '../../components/use-pages';
import type { ConsoleApi } from '../../console-api';
import { formatNumber, formatTime } from '../../format';
import { subjectHref } from '../../router';
import { listSubjects } from './subjects-wire';

/** The account's Subjects, a page at a time, each a link to its own view. */
export function SubjectsView({ api }: { api: ConsoleApi }) {
  const subjects = usePages((cursor) => listSubjects(api, cursor), [api]);
  const items = subjects.data?.items;
  return (
    <>
      <h1 tabIndex={-1}>Subjects</h1>
      <p class="muted">
        A Subject is one person whose data this account writes with <code>user=&lt;key&gt;</code>.
      </p>
      {subjects.loading && !items && <Loading what="Subjects" />}
      <ErrorMessage error={subjects.error} />
      {items && items.length === 0 && <p>No Subjects yet: the first write for a Subject key creates it.</p>}
      {items && items.length > 0 && (
        <table>
          <caption class="visually-hidden">Subjects of this account</caption>
          <thead>
            <tr>
              <th scope="col">Subject key</th>
              <th scope="col">Created</th>
              <th scope="col" class="num">
                Readings
              </th>
              <th scope="col" class="num">
                Files
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((s) => (
              <tr key={s.user}>
                <th scope="row">
                  <a href={subjectHref(s.user)}>{s.user}</a>
                </th>
                <td>{formatTime(s.createdAt)}</td>
                <td class="num">{formatNumber(s.records, 0)}</td>
                <td class="num">{formatNumber(s.files, 0)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Pager label="Subjects" page={subjects.pageNumber} previous={subjects.previous} next={subjects.next} />
    </>
  );
}
