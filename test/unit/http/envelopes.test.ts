import { describe, expect, it } from 'vitest';
import { OAuthError } from '../../../shared/domain/oauth/oauth-error';
import {
  AppError,
  BadRequestError,
  ConflictError,
  DeadlineError,
  type ErrorKind,
  InternalError,
  invalidField,
  MethodNotAllowedError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  UnauthorizedError,
  UnavailableError,
  UnprocessableError,
  UnsupportedMediaTypeError,
  UpstreamError,
} from '../../../shared/errors';
import {
  accountEnvelope,
  apiEnvelope,
  asAppError,
  envelopeOf,
  jsonRpcEnvelope,
  oauthEnvelope,
  openAiEnvelope,
} from '../../../shared/http/envelopes';

const ALL_KINDS: ErrorKind[] = [
  'invalid_input',
  'unsupported_parameter',
  'missing_credentials',
  'invalid_api_key',
  'invalid_token',
  'insufficient_scope',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'payload_too_large',
  'unsupported_media',
  'unprocessable',
  'rate_limited',
  'mail_not_configured',
  'code_rejected',
  'invalid_request',
  'invalid_client',
  'invalid_grant',
  'unauthorized_client',
  'unsupported_grant_type',
  'invalid_scope',
  'invalid_target',
  'access_denied',
  'unsupported_response_type',
  'invalid_redirect_uri',
  'invalid_client_metadata',
  'expired_token',
  'login_required',
  'server_error',
  'temporarily_unavailable',
  'upstream',
  'unavailable',
  'deadline',
  'internal',
];

const body = (message: string, code: string | null, param: string | null = null) => ({
  error: { message, type: 'invalid_request_error', code, param },
});

describe('the /v1 envelope keeps the bytes /v1 has always answered', () => {
  // Pinned before the errors left the HTTP layer: status, headers and body of every error class /v1 raises.
  const cases: [string, AppError, number, Record<string, string>, unknown][] = [
    [
      'field',
      invalidField('records[3].time', 'bad time'),
      400,
      {},
      body('bad time', 'invalid_time', 'records[3].time'),
    ],
    ['bad request', new BadRequestError('no', 'invalid_json', 'body'), 400, {}, body('no', 'invalid_json', 'body')],
    ['no header', new UnauthorizedError('Missing', null), 401, {}, body('Missing', null)],
    ['bad key', new UnauthorizedError('Incorrect', 'invalid_api_key'), 401, {}, body('Incorrect', 'invalid_api_key')],
    ['not found', new NotFoundError('No such file', 'file_key'), 404, {}, body('No such file', null, 'file_key')],
    [
      'method',
      new MethodNotAllowedError('PUT', '/v1/data', ['GET', 'POST']),
      405,
      { allow: 'GET, POST' },
      body('Method PUT is not allowed on /v1/data', null),
    ],
    ['too large', new PayloadTooLargeError('big', 'file'), 413, {}, body('big', null, 'file')],
    ['media', new UnsupportedMediaTypeError('what', 'file'), 415, {}, body('what', 'unsupported_file_type', 'file')],
    ['unprocessable', new UnprocessableError('no text', 'file'), 422, {}, body('no text', null, 'file')],
    [
      'rate',
      new RateLimitError(60, 12, 1_900_000_000),
      429,
      {
        'retry-after': '12',
        'x-ratelimit-limit': '60',
        'x-ratelimit-remaining': '0',
        'x-ratelimit-reset': '1900000000',
        // Issue 19: the IETF draft's budget fields, added beside the pinned ones.
        'ratelimit-policy': '"minute";q=60;w=60',
        ratelimit: '"minute";r=0;t=12',
      },
      body('Rate limit exceeded: 60 requests per minute on this path for this account. Retry after 12s.', null),
    ],
    [
      'internal',
      new InternalError('req-1'),
      500,
      {},
      body('The server had an error processing the request (request id req-1).', 'internal_error'),
    ],
    ['upstream', new UpstreamError('model down'), 502, {}, body('model down', null)],
    ['unavailable', new UnavailableError('store down'), 503, {}, body('store down', 'service_unavailable')],
    ['deadline', new DeadlineError('too slow', 'file'), 504, {}, body('too slow', 'deadline_exceeded', 'file')],
    ['conflict', new ConflictError('taken', 'name'), 409, {}, body('taken', 'conflict', 'name')],
  ];
  it.each(cases)('%s', (_name, error, status, headers, expected) => {
    const answer = openAiEnvelope.failure(error);
    expect(answer.status).toBe(status);
    expect(answer.headers).toEqual(headers);
    expect(answer.body).toEqual(expected);
    expect(answer.contentType).toBe('application/json');
  });

  it('answers a kind /v1 never raises as the internal error, not half-shaped', () => {
    expect(openAiEnvelope.failure(new AppError('code_rejected', 'wrong code')).status).toBe(500);
    expect(openAiEnvelope.failure(new OAuthError('invalid_grant', 'x')).body).toEqual(
      body('Internal error', 'internal_error'),
    );
  });

  it('challenges a refused bearer token the RFC 6750 way', () => {
    const answer = openAiEnvelope.failure(
      new AppError('invalid_token', 'The token "x" expired', { code: 'invalid_token' }),
    );
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe(
      `Bearer error="invalid_token", error_description="The token 'x' expired"`,
    );
    expect(openAiEnvelope.failure(new AppError('insufficient_scope', 'needs console')).status).toBe(403);
  });
});

describe('the email-login envelope', () => {
  it('wraps answers in {success, code, msg, data}', () => {
    expect(accountEnvelope.success({ email: 'a@example.org' })).toEqual({
      success: true,
      code: 0,
      msg: 'ok',
      data: { email: 'a@example.org' },
    });
    expect(accountEnvelope.success(undefined)).toEqual({ success: true, code: 0, msg: 'ok', data: null });
  });

  it.each([
    ['mail not configured', new AppError('mail_not_configured', 'no mail'), 200, -1],
    ['wrong code', new AppError('code_rejected', 'wrong'), 200, -2],
    ['invalid email', invalidField('email', 'not an address'), 200, -2],
    ['internal', new InternalError('r'), 200, -3],
    ['not a JSON body', new UnsupportedMediaTypeError('json please', 'content-type'), 200, -2],
    ['rate limited', new RateLimitError(1, 42, 1), 429, null],
    ['no session', new UnauthorizedError('Missing', null), 401, -1],
  ])('%s → HTTP %i, code %s', (_name, error, status, code) => {
    const answer = accountEnvelope.failure(error);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ success: false, code, msg: error.message, data: null });
  });

  it('says when to retry a rate-limited request, without /v1 rate headers', () => {
    expect(accountEnvelope.failure(new RateLimitError(1, 42, 1)).headers).toEqual({ 'retry-after': '42' });
  });
});

describe('the self-hosted engine envelope', () => {
  it('wraps an answer as code 0', () => {
    expect(apiEnvelope.success({ n: 1 })).toEqual({ success: true, code: 0, msg: 'ok', data: { n: 1 } });
    expect(apiEnvelope.success(undefined)).toEqual({ success: true, code: 0, msg: 'ok', data: null });
  });

  it('answers every refusal as code -1 with the status the engine lists, naming the field first', () => {
    const bad = apiEnvelope.failure(invalidField('records[3].value', 'must be a number or a string'));
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      success: false,
      code: -1,
      msg: 'records[3].value: must be a number or a string',
      data: null,
    });
    const statuses = ALL_KINDS.map((kind) => apiEnvelope.failure(new AppError(kind, 'm')).status);
    expect(new Set(statuses)).toEqual(new Set([400, 401, 403, 404, 405, 429, 500]));
  });

  it('challenges a missing or refused token and tells a limited client when to retry', () => {
    expect(apiEnvelope.failure(new UnauthorizedError('Missing', null)).headers['www-authenticate']).toBe('Bearer');
    expect(apiEnvelope.failure(new AppError('invalid_token', 'expired')).headers['www-authenticate']).toMatch(
      /^Bearer error="invalid_token"/,
    );
    const limited = apiEnvelope.failure(new RateLimitError(100, 12, 1_900_000_000));
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('12');
  });

  it('names only the request id for an unknown cause', () => {
    const answer = apiEnvelope.failure(asAppError(new Error('secret'), 'req-1'));
    expect(answer.status).toBe(500);
    expect(JSON.stringify(answer.body)).not.toContain('secret');
  });
});

describe('the MCP (JSON-RPC) envelope', () => {
  const metadata = 'https://hds.example/.well-known/oauth-protected-resource/mcp';

  it('answers a missing token 401 with -32000 and a challenge naming the resource metadata, without error=', () => {
    const answer = jsonRpcEnvelope.failure(new UnauthorizedError('Missing', null).withResourceMetadata(metadata));
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      jsonrpc: '2.0',
      id: null,
      error: { code: -32000, message: 'Authentication required: Missing' },
    });
    expect(answer.headers['www-authenticate']).toBe(
      `Bearer resource_metadata="${metadata}", scope="mcp:read mcp:write"`,
    );
  });

  it('challenges a refused key or token as invalid_token, and a missing scope as insufficient_scope (403)', () => {
    const bad = jsonRpcEnvelope.failure(
      new UnauthorizedError('Incorrect API key provided: hds_live_Ab… "x"', 'invalid_api_key').withResourceMetadata(
        metadata,
      ),
    );
    expect(bad.status).toBe(401);
    // A header value is ASCII: the ellipsis and quotes of the message are not carried as they are.
    expect(bad.headers['www-authenticate']).toBe(
      `Bearer error="invalid_token", error_description="Incorrect API key provided: hds_live_Ab... 'x'", ` +
        `resource_metadata="${metadata}", scope="mcp:read mcp:write"`,
    );
    const scope = jsonRpcEnvelope.failure(new AppError('insufficient_scope', 'needs mcp:write'));
    expect(scope.status).toBe(403);
    expect(scope.headers['www-authenticate']).toMatch(/^Bearer error="insufficient_scope", /);
    expect(scope.body).toMatchObject({ error: { code: -32000, message: 'needs mcp:write' } });
  });

  it.each([
    [invalidField('user', 'bad'), 400, -32602],
    [new MethodNotAllowedError('GET', '/mcp', ['POST']), 405, -32000],
    [new PayloadTooLargeError('big'), 413, -32000],
    [new UnsupportedMediaTypeError('json please'), 415, -32000],
    [new RateLimitError(100, 12, 1_900_000_000), 429, -32000],
    [new InternalError('r'), 500, -32603],
    [new UpstreamError('model down'), 500, -32603],
  ])('%s → HTTP %i, JSON-RPC %i', (error, status, code) => {
    const answer = jsonRpcEnvelope.failure(error);
    expect(answer.status).toBe(status);
    expect(answer.body).toMatchObject({ jsonrpc: '2.0', id: null, error: { code } });
  });

  it('carries Allow on 405 and the rate headers on 429', () => {
    expect(jsonRpcEnvelope.failure(new MethodNotAllowedError('GET', '/mcp', ['POST'])).headers.allow).toBe('POST');
    expect(jsonRpcEnvelope.failure(new RateLimitError(100, 12, 1_900_000_000)).headers).toMatchObject({
      'retry-after': '12',
      'x-ratelimit-limit': '100',
    });
  });

  it('passes the transport’s own answer through unchanged', () => {
    const body = '{"jsonrpc":"2.0","id":1,"result":{}}';
    expect(jsonRpcEnvelope.success(body)).toBe(body);
  });
});

describe('the OAuth envelope', () => {
  it.each([
    [new OAuthError('invalid_client', 'unknown client'), 401, 'invalid_client'],
    [new OAuthError('invalid_grant', 'used code'), 400, 'invalid_grant'],
    [new OAuthError('expired_token', 'refresh token expired'), 401, 'expired_token'],
    [new OAuthError('unsupported_grant_type', 'password'), 400, 'unsupported_grant_type'],
    [new OAuthError('invalid_redirect_uri', 'http only on loopback'), 400, 'invalid_redirect_uri'],
    [new OAuthError('invalid_target', 'not our resource'), 400, 'invalid_target'],
    [invalidField('client_name', 'too long'), 400, 'invalid_request'],
    [new UnsupportedMediaTypeError('form please', 'content-type'), 400, 'invalid_request'],
    [new RateLimitError(5, 30, 1), 429, 'temporarily_unavailable'],
    [new InternalError('r'), 500, 'server_error'],
  ])('%s → %i %s', (error, status, name) => {
    const answer = oauthEnvelope.failure(error);
    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ error: name, error_description: error.message });
    expect(answer.headers['cache-control']).toBe('no-store');
  });

  it('asks for client authentication on invalid_client', () => {
    expect(oauthEnvelope.failure(new OAuthError('invalid_client', 'x')).headers['www-authenticate']).toMatch(/^Basic /);
  });
});

describe('every kind on every surface', () => {
  it('gets a definite status and a body of its surface, never a throw', () => {
    for (const name of ['openai', 'account', 'api', 'jsonrpc', 'oauth', 'oauth-page'] as const) {
      for (const kind of ALL_KINDS) {
        const answer = envelopeOf(name).failure(new AppError(kind, 'm <b>'));
        expect(answer.status, `${name} ${kind}`).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(600);
        if (name === 'oauth-page') {
          expect(answer.contentType).toMatch(/^text\/html/);
          expect(String(answer.body)).not.toContain('<b>');
        }
      }
    }
  });

  it('never shows an unknown cause', () => {
    const error = asAppError(new Error('secret connection string'), 'req-9');
    for (const name of ['openai', 'account', 'api', 'jsonrpc', 'oauth', 'oauth-page'] as const) {
      expect(JSON.stringify(envelopeOf(name).failure(error).body)).not.toContain('secret');
    }
  });
});
