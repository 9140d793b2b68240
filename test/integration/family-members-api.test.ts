import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAMILY_PREFIX } from '../../shared/adapters/dynamo/records-layout';
import { MAX_FAMILY_MEMBERS } from '../../shared/services/care-circle';
import { client, type Harness, startHarness } from '../support/harness';

let h: Harness;
let api: ReturnType<typeof client>;
let accountId: string;

beforeAll(async () => {
  h = await startHarness();
  const account = await h.newAccount();
  accountId = account.accountId;
  api = client(h.url, account.key);
}, 120_000);
afterAll(() => h?.stop());

describe('POST /v1/family-members', () => {
  it('records a member, minting the Subject on first use, with normalized users', async () => {
    const res = await api.post('/v1/family-members', {
      user: ' Alice ',
      name: '  Maria Rossi ',
      relationship: 'mother',
      member_user: 'MARIA',
      notes: 'Type 2 diabetes since 2015',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('x-request-id')).toBeTruthy();
    expect(res.body).toEqual({
      object: 'family_member',
      id: expect.stringMatching(/^fm_[0-9a-f]{24}$/),
      name: 'Maria Rossi',
      relationship: 'mother',
      member_user: 'maria',
      notes: 'Type 2 diabetes since 2015',
      created_at: expect.any(Number),
      subject: 'alice',
    });
    expect(Math.abs(res.body.created_at - Date.now() / 1000)).toBeLessThan(60);
    expect(await h.runtime.services.subjects.find(accountId, 'alice')).not.toBeNull();

    const bare = await api.post('/v1/family-members', { name: 'Sam', relationship: 'child' });
    expect(bare.status).toBe(201);
    expect(bare.body).toMatchObject({ member_user: null, notes: '', subject: 'default' });
  });

  it.each([
    ['name', 'name is required', { relationship: 'mother' }],
    ['name', 'must not be empty', { name: '', relationship: 'mother' }],
    ['name', 'at most 200', { name: 'x'.repeat(201), relationship: 'mother' }],
    ['relationship', 'relationship is required', { name: 'Maria' }],
    ['relationship', 'at most 100', { name: 'Maria', relationship: 'r'.repeat(101) }],
    ['notes', 'at most 2000', { name: 'Maria', relationship: 'mother', notes: 'n'.repeat(2001) }],
    ['notes', 'notes must be a string', { name: 'Maria', relationship: 'mother', notes: 7 }],
    ['member_user', 'must be a string', { name: 'Maria', relationship: 'mother', member_user: 42 }],
    ['member_user', 'must not be empty', { name: 'Maria', relationship: 'mother', member_user: '  ' }],
    ['member_user', "Subject's own", { user: 'kim', name: 'Kim', relationship: 'other', member_user: 'KIM' }],
    ['user', 'user must be a string', { user: 5, name: 'Maria', relationship: 'mother' }],
  ])('400 naming %s: %s', async (param, message, body) => {
    const res = await api.post('/v1/family-members', body);
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ type: 'invalid_request_error', param, code: `invalid_${param}` });
    expect(res.body.error.message).toContain(message);
  });

  it('400 for a body that is not a JSON object', async () => {
    expect((await api.post('/v1/family-members', '[1]')).body.error).toMatchObject({ param: 'body' });
    expect((await api.post('/v1/family-members', '{nope')).body.error).toMatchObject({ code: 'invalid_json' });
  });

  it(`holds at most ${MAX_FAMILY_MEMBERS} members per Subject`, async () => {
    // An account of its own: these writes would use up the shared one's per-minute allowance.
    const { key, accountId: big } = await h.newAccount('big');
    const subject = await h.runtime.services.subjects.findOrCreate(big, 'big-family');
    for (let i = 0; i < MAX_FAMILY_MEMBERS; i++) {
      await h.runtime.services.careCircle.add({
        id: `fm_${String(i).padStart(24, '0')}`,
        subjectId: subject.subjectId,
        name: `M${i}`,
        relationship: 'other',
        memberSubjectKey: null,
        notes: '',
        createdAt: 1,
      });
    }
    const full = await client(h.url, key).post('/v1/family-members', {
      user: 'big-family',
      name: 'One more',
      relationship: 'other',
    });
    expect(full.status).toBe(400);
    expect(full.body.error.code).toBe('too_many_family_members');
  });
});

describe('GET and DELETE /v1/family-members', () => {
  it('lists in the order added, deletes one, and 404s for unknown or another Subject’s', async () => {
    const add = async (name: string, relationship: string) =>
      (await api.post('/v1/family-members', { user: 'lister', name, relationship })).body.id as string;
    const first = await add('Ann', 'mother');
    const second = await add('Ben', 'father');
    const third = await add('Cy', 'sibling');

    const list = await api.get('/v1/family-members?user=LISTER');
    expect(list.status).toBe(200);
    expect(list.body).toMatchObject({ object: 'list', subject: 'lister' });
    expect(list.body.data.map((m: any) => [m.id, m.name])).toEqual([
      [first, 'Ann'],
      [second, 'Ben'],
      [third, 'Cy'],
    ]);
    expect(list.body.data[0]).toEqual({
      object: 'family_member',
      id: first,
      name: 'Ann',
      relationship: 'mother',
      member_user: null,
      notes: '',
      created_at: expect.any(Number),
    });

    expect((await api.delete(`/v1/family-members/${second}?user=someone-else`)).status).toBe(404);
    const other = client(h.url, (await h.newAccount('other')).key);
    const foreign = await other.delete(`/v1/family-members/${second}?user=lister`);
    expect(foreign.status).toBe(404);
    expect(foreign.body.error).toMatchObject({ type: 'invalid_request_error', param: 'member_id' });
    expect((await other.get('/v1/family-members?user=lister')).body.data).toEqual([]);

    const deleted = await api.delete(`/v1/family-members/${second}?user=lister`);
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ object: 'family_member', id: second, deleted: true, subject: 'lister' });
    expect((await api.delete(`/v1/family-members/${second}?user=lister`)).status).toBe(404);
    expect((await api.delete('/v1/family-members/fm_unknown?user=lister')).status).toBe(404);
    expect((await api.get('/v1/family-members?user=lister')).body.data.map((m: any) => m.name)).toEqual(['Ann', 'Cy']);
  });

  it('lists nothing, and mints nothing, for a user with no Subject', async () => {
    const res = await api.get('/v1/family-members?user=ghost');
    expect(res.body).toEqual({ object: 'list', data: [], subject: 'ghost' });
    expect(await h.runtime.services.subjects.find(accountId, 'ghost')).toBeNull();
  });
});

describe('Subject erasure', () => {
  it('removes the care circle with the Subject; the same user starts with none', async () => {
    await api.post('/v1/family-members', { user: 'erased', name: 'Mum', relationship: 'mother' });
    await api.post('/v1/data', {
      user: 'erased',
      retention: 'permanent',
      records: [{ indicator: 'Weight', value: 70, unit: 'kg' }],
    });
    const subject = (await h.runtime.services.subjects.find(accountId, 'erased'))!;
    expect(await h.runtime.services.careCircle.list(subject.subjectId)).toHaveLength(1);

    expect((await api.delete('/v1/subjects/erased')).status).toBe(200);
    expect((await api.get('/v1/family-members?user=erased')).body.data).toEqual([]);
    await h.runtime.drainQueues();
    // The purge worker deleted the whole partition, members included.
    expect(await h.runtime.services.careCircle.list(subject.subjectId)).toEqual([]);
    expect(FAMILY_PREFIX).toBe('FAMILY#');

    // A later write mints a fresh Subject whose circle starts empty.
    const again = await api.post('/v1/family-members', { user: 'erased', name: 'New', relationship: 'other' });
    expect(again.status).toBe(201);
    const names = (await api.get('/v1/family-members?user=erased')).body.data.map((m: any) => m.name);
    expect(names).toEqual(['New']);
  });
});
