import { ForbiddenError } from '../../shared/errors';
import type { UserPrincipal } from '../../shared/http/principal';

/**
 * Engine bodies name people (`user_id`, `query_user_id`); a token reaches only its own user's data, so a named person
 * is checked against the token's `sub`, never obeyed (design §4.2). Absent or equal passes.
 */
export function requireOwnUser(principal: UserPrincipal, named: string | number | null | undefined, param: string) {
  if (named === undefined || named === null || String(named).trim() === String(principal.userId)) return;
  throw new ForbiddenError(
    param === 'query_user_id'
      ? "query_user_id: family members' data is not served on /api/v1; omit it or send your own user id"
      : `${param}: the access token belongs to user ${principal.userId}; a token reaches only its own user's data`,
    param,
  );
}
