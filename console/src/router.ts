import { useEffect, useState } from 'preact/hooks';

/**
 * The console's views as hash routes (`/console#/subjects/alice`): no deep link ever reaches the server, so no
 * fallback route is needed and the stage path stays out of the routing (design §9).
 */
export type Route =
  | { view: 'keys' }
  | { view: 'webhooks' }
  | { view: 'usage' }
  | { view: 'subjects' }
  | { view: 'subject'; user: string; series: string | null }
  | { view: 'ask' }
  | { view: 'not-found' };

export function parseRoute(hash: string): Route {
  const parts = hash
    .replace(/^#\/?/, '')
    .split('/')
    .filter(Boolean)
    .map((p) => safeDecode(p));
  const [first, user, kind, series] = parts;
  if (!first || first === 'keys') return { view: 'keys' };
  if (first === 'webhooks') return { view: 'webhooks' };
  if (first === 'usage') return { view: 'usage' };
  if (first === 'ask') return { view: 'ask' };
  if (first === 'subjects' && !user) return { view: 'subjects' };
  if (first === 'subjects' && user && (!kind || (kind === 'series' && series))) {
    return { view: 'subject', user, series: series ?? null };
  }
  return { view: 'not-found' };
}

export function subjectHref(user: string, series?: string): string {
  const base = `#/subjects/${encodeURIComponent(user)}`;
  return series ? `${base}/series/${encodeURIComponent(series)}` : base;
}

function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** The current route, following `hashchange`. */
export function useRoute(): Route {
  const [route, setRoute] = useState(() => parseRoute(location.hash));
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(location.hash));
    addEventListener('hashchange', onChange);
    return () => removeEventListener('hashchange', onChange);
  }, []);
  return route;
}
