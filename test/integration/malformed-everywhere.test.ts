import { afterAll, beforeAll, expect, it } from 'vitest';
import { httpRoutes } from '../../functions/routes';
import { type Harness, startHarness } from '../support/harness';
import { signIn } from '../support/sign-in';

/**
 * Every route of the manifest, fed malformed input of every common kind: none may answer 5xx (nor its surface's own
 * internal error), and the runtime must still serve afterwards. (The issue-specific cases, with exact answers, are in hostile-input.test.ts.)
 */
let h: Harness;
let key: string;
/** A signed-in user's access token, so the malformed input reaches the `user-token` routes' own checks too. */
let token: string;

beforeAll(async () => {
  h = await startHarness({
    env: { HDS_RATE_LIMIT_DEFAULT: '100000', HDS_RATE_LIMITS: `${everyRouteAt(100_000)},api-v1=100000` },
  });
  ({ key } = await h.newAccount('malformed'));
  token = (await signIn(h, `malformed-${Date.now()}@example.org`)).access_token;
});
afterAll(() => h.stop());

function everyRouteAt(limit: number): string {
  return httpRoutes.map((r) => `${r.id}=${limit}`).join(',');
}

const deep = `{"a":${'['.repeat(3000)}${']'.repeat(3000)}}`;
const bodies: [string, string | Buffer, string][] = [
  ['invalid JSON', '{"a":', 'application/json'],
  ['an array', '[1,2,3]', 'application/json'],
  ['null', 'null', 'application/json'],
  ['a number', '42', 'application/json'],
  ['JSON nested 3,000 deep', deep, 'application/json'],
  [
    'fields of the wrong type',
    JSON.stringify({
      user: 5,
      records: 'x',
      retention: [],
      input: {},
      messages: 'hi',
      model: 7,
      stream: 'yes',
      tools: 'x',
      text: 3,
      session_id: {},
      filename: 1,
      bytes: 'x',
      name: [],
      relationship: {},
      file_key: 3,
      store: 'x',
    }),
    'application/json',
  ],
  [
    'huge strings',
    JSON.stringify({
      user: 'u'.repeat(300),
      input: 'x'.repeat(200_000),
      messages: [{ role: 'user', content: 'y'.repeat(200_000) }],
      records: [{ indicator: 'z'.repeat(100_000), value: 'v'.repeat(100_000) }],
      retention: 'permanent',
      filename: 'f'.repeat(10_000),
      bytes: 1,
      name: 'n'.repeat(5000),
      relationship: 'r',
    }),
    'application/json',
  ],
  [
    'nulls inside',
    JSON.stringify({ user: null, records: [null], retention: null, input: [null], messages: [null], tools: [null] }),
    'application/json',
  ],
  [
    'a broken multipart body',
    Buffer.from('--B\r\nContent-Disposition: form-data; name="file"\r\n\r\n\x00\xff--B--'),
    'multipart/form-data; boundary=B',
  ],
  ['multipart without a boundary', 'abc', 'multipart/form-data'],
  ['binary bytes', Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37) % 256)), 'application/octet-stream'],
  ['a form', 'a=1&b=2', 'application/x-www-form-urlencoded'],
];
const queries = [
  '',
  `?limit=abc&offset=-5&user=&indicator=${'q'.repeat(3000)}`,
  '?id=1e309&user=%FF',
  '?cursor=%00%00',
  `?user=${encodeURIComponent('\u212A')}&days=-1`,
];

it('no route answers 5xx to malformed input, and the runtime still serves', async () => {
  const failures: string[] = [];
  for (const route of httpRoutes) {
    // Path parameters that try to climb out of their segment.
    const path = route.path.replace(/\{[^}]+\}/g, 'x%2F..%2Fy');
    const withBody = route.method !== 'GET' && route.method !== 'DELETE' && route.method !== 'HEAD';
    for (const query of queries) {
      for (const [name, body, type] of withBody ? bodies : [['no body', '', ''] as const]) {
        const res = await fetch(h.url + path + query, {
          method: route.method,
          headers: {
            authorization: `Bearer ${route.auth === 'user-token' ? token : key}`,
            ...(type ? { 'content-type': type } : {}),
          },
          body: withBody ? body : undefined,
        });
        const text = await res.text();
        // The email-login surface answers its internal error as HTTP 200 with code -3: a 5xx all the same.
        const internal = res.status >= 500 || (route.envelope === 'account' && /"code":-3\b/.test(text));
        if (internal)
          failures.push(`${route.method} ${route.path}${query.slice(0, 30)} [${name}] → ${res.status} ${text}`);
      }
    }
  }
  expect(failures).toEqual([]);
  expect((await fetch(`${h.url}/api/health`)).status).toBe(200);
});
