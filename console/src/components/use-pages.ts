import { useState } from 'preact/hooks';
import type { Page } from '../views/subjects/subjects-wire';
import { type Loaded, useLoad } from './use-load';

export interface Paged<T> extends Loaded<Page<T>> {
  pageNumber: number;
  next: (() => void) | null;
  previous: (() => void) | null;
}

/**
 * Cursor paging with a way back: the cursors of the pages already seen are kept, since a cursor only points
 * forward. `deps` restart at the first page.
 */
export function usePages<T>(load: (cursor: string | null) => Promise<Page<T>>, deps: readonly unknown[]): Paged<T> {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const cursor = cursors[cursors.length - 1] ?? null;
  const loaded = useLoad(() => load(cursor), [...deps, cursor]);
  const nextCursor = loaded.data?.nextCursor ?? null;
  return {
    ...loaded,
    pageNumber: cursors.length,
    next: nextCursor ? () => setCursors([...cursors, nextCursor]) : null,
    previous: cursors.length > 1 ? () => setCursors(cursors.slice(0, -1)) : null,
  };
}
