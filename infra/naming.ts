/**
 * The REST API's stage, holding every HTTP route: the base URL is `https://{api}.execute-api.{region}.amazonaws.com/live`
 * (or a custom domain's root), and the routes keep their `/v1/...` and `/api/...` paths below it.
 */
export const API_STAGE_NAME = 'live';

/** The WebSocket API's stage: `wss://{api}.execute-api.{region}.amazonaws.com/v1`. */
export const WS_STAGE_NAME = 'v1';

/** `get-health` → `GetHealth`, `rateLimits` → `RateLimits`: construct ids from manifest names. */
export function pascalCase(name: string): string {
  return name
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
    .join('');
}

/** `purge` → `PURGE`, `rateLimits` → `RATE_LIMITS`: environment variable segments. */
export function screamingSnakeCase(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();
}

/** The environment variable carrying a queue's URL, as `shared/config/config.ts` reads it. */
export function queueUrlEnvVar(queue: string): string {
  return `HDS_QUEUE_${screamingSnakeCase(queue)}_URL`;
}
