import type { ComponentType } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { ErrorMessage, Loading } from '../components/status';
import { useLoad } from '../components/use-load';
import type { ConsoleApi } from '../console-api';
import { listSubjects } from './subjects/subjects-wire';

interface AskPanelProps {
  api: ConsoleApi;
  subjects: readonly string[];
}

/** The Ask panel and its chart renderers load only when this view opens: they stay out of the console's first load. */
const loadAskPanel = () => import('../ask/ask-panel');

export function AskView({ api }: { api: ConsoleApi }) {
  const subjects = useLoad(() => listSubjects(api, null), [api]);
  const [Panel, setPanel] = useState<ComponentType<AskPanelProps> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    loadAskPanel().then(
      (m) => setPanel(() => m.AskPanel),
      (err: Error) => setError(`The Ask panel could not be loaded: ${err.message}`),
    );
  }, []);
  return (
    <>
      <h1 tabIndex={-1}>Ask</h1>
      <ErrorMessage error={error ?? subjects.error} />
      {!error && (!Panel || !subjects.data) && <Loading what="the Ask panel" />}
      {Panel && subjects.data && <Panel api={api} subjects={subjects.data.items.map((s) => s.user)} />}
    </>
  );
}
