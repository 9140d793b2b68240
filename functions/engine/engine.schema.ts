import * as z from 'zod/mini';

/** The tag of every operation of the self-hosted engine's surface (`/api/v1`) in the OpenAPI document. */
export const ENGINE_TAG = 'Self-hosted engine (/api/v1)';

/**
 * `user` on a signed-in engine route: a token reaches its own user's data, the default Subject, so `user` may be left
 * out or name `default`; anything else is refused (`ownSubjectKey`).
 */
export const OwnSubjectInputSchema = z
  .string()
  .check(z.meta({ description: 'Leave out: a token reaches its own user’s data (only `default` is accepted)' }));
