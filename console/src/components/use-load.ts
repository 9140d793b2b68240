import { useCallback, useEffect, useState } from 'preact/hooks';

export interface Loaded<T> {
  data: T | null;
  error: string | null;
  loading: boolean;
  /** Loads again (after a change the view made). */
  reload: () => void;
}

/**
 * Runs `load` on mount and whenever `deps` change; an answer that arrives after a newer request started is
 * dropped, so a slow first page never overwrites the second.
 */
export function useLoad<T>(load: () => Promise<T>, deps: readonly unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data: T | null; error: string | null; loading: boolean }>({
    data: null,
    error: null,
    loading: true,
  });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((g) => g + 1), []);
  useEffect(() => {
    let current = true;
    setState((s) => ({ ...s, loading: true, error: null }));
    load().then(
      (data) => current && setState({ data, error: null, loading: false }),
      (err: Error) => current && setState({ data: null, error: err.message, loading: false }),
    );
    return () => {
      current = false;
    };
  }, [...deps, generation]);
  return { ...state, reload };
}
