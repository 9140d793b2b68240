/**
 * Where the API lives, from the page's own path: `''` on the local runtime (`/console`), `/live` under the cloud's
 * stage path (`/live/console`), or whatever prefix a custom domain's mapping adds. Never configured, so one build
 * serves every host.
 */
export function apiBase(pathname: string): string {
  const at = pathname.search(/\/console(\/|$)/);
  return at < 0 ? '' : pathname.slice(0, at);
}
