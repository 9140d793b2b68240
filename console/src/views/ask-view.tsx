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

/**
 * The Ask panel (`console/src/ask/ask-panel.tsx`, built by the Ask work) is loaded only when this view opens: it and
 * its chart renderers stay out of the console's first load. `import.meta.glob` keeps this build working before that
 * module exists.
 * TODO(merge: ask-panel): once `ask/ask-panel.tsx` is on main, replace the glob by `import('../ask/ask-panel')` so a
 * missing panel fails the build instead of showing the note below.
 */
const askModules = import.meta.glob<{ AskPanel: ComponentType<AskPanelProps> }>('../ask/ask-panel.tsx');

export function AskView({ api }: { api: ConsoleApi }) {
  const subjects = useLoad(() => listSubjects(api, null), [api]);
  const [Panel, setPanel] = useState<ComponentType<AskPanelProps> | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const load = Object.values(askModules)[0];
    if (!load) {
      setError('The Ask panel is not part of this build.');
      return;
    }
    load().then(
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
