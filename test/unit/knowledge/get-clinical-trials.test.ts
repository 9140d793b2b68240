import { describe, expect, it } from 'vitest';
import {
  CTGOV_FIELDS,
  getClinicalTrials,
  getClinicalTrialsParameters,
} from '../../../shared/services/agent/knowledge/get-clinical-trials';
import { pacerFor } from '../../../shared/services/agent/knowledge/pacer';
import { ToolInputError } from '../../../shared/services/agent/tools/types';
import { knowledgeContext } from '../../support/knowledge-egress';
import { startKnowledgeServers } from '../../support/knowledge-servers';
import { knowledgeSuite } from '../../support/knowledge-suite';

const suite = knowledgeSuite();

const trials = (args: Record<string, unknown>, config = {}) =>
  getClinicalTrials(args, knowledgeContext(suite.servers.config(config))) as Promise<Record<string, any>>;

describe('get_clinical_trials against ClinicalTrials.gov v2', () => {
  it('asks GET /studies with the documented query, filter, paging and fields parameters', async () => {
    await trials({ condition: 'type 2 diabetes' });
    const [call] = suite.servers.ctgov.requests;
    expect(call!.path).toBe('/api/v2/studies');
    expect(Object.fromEntries(call!.query)).toEqual({
      format: 'json',
      'query.cond': 'type 2 diabetes',
      'filter.overallStatus': 'RECRUITING,NOT_YET_RECRUITING',
      pageSize: '10',
      countTotal: 'true',
      fields: CTGOV_FIELDS.join(','),
    });
    expect(call!.query.get('fields')).toBe(
      'protocolSection.identificationModule,protocolSection.statusModule,protocolSection.designModule,' +
        'protocolSection.conditionsModule,protocolSection.armsInterventionsModule,protocolSection.eligibilityModule,' +
        'protocolSection.contactsLocationsModule',
    );
  });

  it('sends term, location and the given statuses (comma-joined, upper case)', async () => {
    await trials({ term: 'metformin', location: 'Boston', status: ['completed', 'RECRUITING'], limit: 3 });
    const q = suite.servers.ctgov.requests[0]!.query;
    expect(q.has('query.cond')).toBe(false);
    expect(q.get('query.term')).toBe('metformin');
    expect(q.get('query.locn')).toBe('Boston');
    expect(q.get('filter.overallStatus')).toBe('COMPLETED,RECRUITING');
    expect(q.get('pageSize')).toBe('3');
  });

  it('reads studies into the documented result shape', async () => {
    const result = await trials({ condition: 'type 2 diabetes' });
    expect(Object.keys(result)).toEqual(['trials', 'total', 'next_page_token', 'truncated']);
    expect(result).toMatchObject({ total: 3, next_page_token: 'KV165pePlfg', truncated: false });
    expect(result.trials[0]).toEqual({
      nct_id: 'NCT05013879',
      title: 'Kinesiotape for Edema After Bilateral Total Knee Arthroplasty',
      status: 'COMPLETED',
      phases: ['NA'],
      conditions: ['Arthroplasty Complications', 'Arthroplasty, Replacement, Knee'],
      interventions: [{ type: 'DEVICE', name: 'Kinesio(R)Tape for edema control' }],
      locations: [
        {
          facility: 'Burke Rehabilitation Hospital',
          city: 'White Plains',
          state: 'New York',
          country: 'United States',
        },
      ],
      locations_total: 1,
      eligibility: {
        summary: expect.stringMatching(/^Inclusion Criteria:\n\* admitted to Burke/),
        min_age: '50 Years',
        max_age: '85 Years',
        sex: 'ALL',
        healthy_volunteers: false,
      },
      url: 'https://clinicaltrials.gov/study/NCT05013879',
    });
    expect(result.trials[0].eligibility.summary.length).toBeLessThanOrEqual(800);
  });

  it('caps locations at five with the total, and the eligibility summary at 800 characters', async () => {
    const result = await trials({ condition: 'type 2 diabetes' });
    const trial = result.trials[1];
    expect(trial.locations).toHaveLength(5);
    expect(trial.locations_total).toBe(7);
    expect(trial.locations[4]).toEqual({ facility: 'Research Site 5', city: 'Berlin', country: 'Germany' });
    expect(trial.eligibility.summary.length).toBeLessThanOrEqual(800);
    expect(trial.eligibility.max_age).toBeNull();
    expect(trial.phases).toEqual(['PHASE2', 'PHASE3']);
  });

  it('reads the next page with pageToken; the last page has no token', async () => {
    const result = await trials({ condition: 'type 2 diabetes', page_token: 'KV165pePlfg' });
    expect(suite.servers.ctgov.requests[0]!.query.get('pageToken')).toBe('KV165pePlfg');
    expect(result.next_page_token).toBeNull();
    expect(result.trials).toEqual([
      {
        nct_id: 'NCT09000003',
        title: 'A Synthetic Second-page Trial',
        status: 'NOT_YET_RECRUITING',
        phases: [],
        conditions: ['Type 2 Diabetes'],
        interventions: [],
        locations: [],
        locations_total: 0,
        eligibility: { summary: null, min_age: '40 Years', max_age: '75 Years', sex: 'ALL', healthy_volunteers: true },
        url: 'https://clinicaltrials.gov/study/NCT09000003',
      },
    ]);
  });

  it('a 400 for bad input is a clear error result naming what the service said', async () => {
    const result = await trials({ condition: 'x', page_token: 'not-a-token' });
    expect(result).toEqual({
      error: expect.stringContaining('ClinicalTrials.gov refused the search as given (Invalid pageToken value)'),
      source: 'clinicaltrials',
      reachable: true,
    });
  });

  it('same search twice → one upstream request', async () => {
    await trials({ condition: 'type 2 diabetes' });
    await trials({ condition: ' type 2 diabetes', status: ['RECRUITING', 'NOT_YET_RECRUITING'] });
    expect(suite.servers.ctgov.requests).toHaveLength(1);
  });
});

describe('failure modes', () => {
  it('429 with Retry-After → unreachable with retry_after_s', async () => {
    suite.servers.ctgov.fail({ kind: 'status', status: 429, headers: { 'retry-after': '60' } });
    expect(await trials({ condition: 'x' })).toEqual({
      error: expect.stringContaining('ClinicalTrials.gov could not be reached'),
      source: 'clinicaltrials',
      reachable: false,
      retry_after_s: 60,
    });
  });

  it('500 → unreachable', async () => {
    suite.servers.ctgov.fail({ kind: 'status', status: 500 });
    expect(await trials({ condition: 'x' })).toMatchObject({ reachable: false, source: 'clinicaltrials' });
  });

  it('a stall beyond a 300 ms timeout → unreachable, promptly', async () => {
    suite.servers.ctgov.fail({ kind: 'stall' });
    const started = Date.now();
    const result = await trials({ condition: 'x' }, { timeoutMs: 300 });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(result.error).toContain('did not answer within 300 ms');
  });

  it('a stopped server → unreachable', async () => {
    const own = await startKnowledgeServers();
    const config = own.config();
    await own.stop();
    expect(await getClinicalTrials({ condition: 'x' }, knowledgeContext(config))).toMatchObject({ reachable: false });
  });

  it('more requests than the 40/min pace allows within 2 s → rate_limited results, not a stall', async () => {
    const bucket = pacerFor('clinical_trials', false);
    for (let i = 0; i < 5; i++) await bucket.take(0); // the burst is spent
    const started = Date.now();
    const results = await Promise.all([trials({ condition: 'a' }), trials({ condition: 'b' })]);
    expect(Date.now() - started).toBeLessThan(2500);
    expect(results[0]!.trials).toHaveLength(2); // waited ~1.5 s for a token
    expect(results[1]).toMatchObject({ reachable: false, source: 'clinicaltrials' });
    expect(results[1]!.error).toContain('rate_limited');
    expect(suite.servers.ctgov.requests).toHaveLength(1);
  });
});

describe('arguments', () => {
  it.each([
    [{}, /condition or a term/],
    [{ location: 'Boston' }, /condition or a term/],
    [{ condition: 'x', status: ['OPEN'] }, /Unknown status OPEN/],
    [{ condition: 'x', status: 'RECRUITING' }, /array of strings/],
    [{ condition: 'x', limit: 21 }, /between 1 and 20/],
    [{ condition: 'x', page_token: 5 }, /page_token/],
    [{ condition: 'x', phase: 'PHASE2' }, /Unknown argument phase/],
  ])('%j is a ToolInputError', async (args, message) => {
    const run = getClinicalTrials(args, knowledgeContext(suite.servers.config()));
    await expect(run).rejects.toThrow(ToolInputError);
    await expect(run).rejects.toThrow(message);
    expect(suite.servers.ctgov.requests).toHaveLength(0);
  });

  it('publishes a closed JSON Schema with the status enum', () => {
    expect(getClinicalTrialsParameters.additionalProperties).toBe(false);
    expect(getClinicalTrialsParameters.properties.status.items.enum).toContain('NOT_YET_RECRUITING');
  });
});
