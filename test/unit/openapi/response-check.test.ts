import { describe, expect, it } from 'vitest';
import { httpRoute } from '../../../functions/routes';
import { responseProblem } from '../../../infra/local/response-check';

const keyDeleted = httpRoute('delete-console-key');
const login = httpRoute('create-login-code');

describe('the local gateway’s response check', () => {
  it('passes an answer the document describes, and names what differs in one it does not', () => {
    expect(responseProblem(keyDeleted, 200, 'application/json', '{"id":"key_1","deleted":true}')).toBeNull();
    expect(responseProblem(keyDeleted, 200, 'application/json', '{"id":"key_1"}')).toMatch(/deleted/);
    expect(responseProblem(keyDeleted, 200, 'application/json', '{"id":"key_1","deleted":true,"extra":1}')).toMatch(
      /additional/,
    );
  });

  it('checks errors against the envelope, and the account surface’s wrapping', () => {
    const error = { error: { message: 'no', type: 'invalid_request_error', code: 'not_found', param: 'key_id' } };
    expect(responseProblem(keyDeleted, 404, 'application/json', JSON.stringify(error))).toBeNull();
    expect(responseProblem(keyDeleted, 404, 'application/json', '{"error":"not_found"}')).not.toBeNull();
    const ok = { success: true, code: 0, msg: 'ok', data: { email: 'a@example.com' } };
    const refused = { success: false, code: -2, msg: 'email must be a valid email address', data: null };
    expect(responseProblem(login, 200, 'application/json', JSON.stringify(ok))).toBeNull();
    expect(responseProblem(login, 200, 'application/json', JSON.stringify(refused))).toBeNull();
  });

  it('leaves pages and empty bodies alone', () => {
    expect(responseProblem(keyDeleted, 200, 'text/html; charset=utf-8', '<p>')).toBeNull();
    expect(responseProblem(keyDeleted, 200, 'application/json', '')).toBeNull();
  });
});
