import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { SeriesPointsSchema } from '../../functions/console/get-console-series-points.schema';
import { ConsoleSeriesListSchema } from '../../functions/console/list-console-series.schema';
import { client, type Harness, startHarness } from '../support/harness';
import { signIn } from '../support/sign-in';

/**
 * The console's series over real HTTP: readings written with a console key over `/v1/data`, read back as series and
 * chart columns through the session routes, up to a Subject of 10,000 readings.
 */
let h: Harness;
let n = 0;
const email = () => `series${++n}-${Date.now()}@example.org`;

/** A signed-in person with a key of their own account: the console client and the `/v1` client. */
async function person() {
  const session = await signIn(h, email());
  const console_ = client(h.url, session.access_token);
  const key = (await console_.post('/api/console/keys', { name: 'writer' })).body.secret as string;
  return { console_, v1: client(h.url, key) };
}

beforeAll(async () => {
  h = await startHarness({
    env: {
      HDS_RATE_LIMITS: 'login-code=1000,verify-code=1000,create-data=1000',
      HDS_RATE_LIMIT_DEFAULT: '1000',
      OPENAI_BASE_URL: '',
      OPENAI_API_KEY: '',
    },
  });
});
afterAll(() => h?.stop());

describe('GET /api/console/series', () => {
  it('groups coded readings by LOINC code and uncoded ones by indicator, with abnormal counts and the latest value', async () => {
    const { console_, v1 } = await person();
    const records = [
      { indicator: 'Glucose', value: 85, unit: 'mg/dL', reference_range: '70-99', time: '2026-05-01T08:00:00Z' },
      { indicator: 'glucose', value: 130, unit: 'mg/dL', reference_range: '70-99', time: '2026-05-02T08:00:00Z' },
      { indicator: 'Glucose', value: 92, unit: 'mg/dL', flag: 'H', time: '2026-05-03T08:00:00Z' },
      { indicator: 'Mood  score', value: 7, time: '2026-05-04T08:00:00Z' },
      { indicator: 'mood score', value: 'good', time: '2026-05-05T08:00:00Z' },
    ];
    expect((await v1.post('/v1/data', { user: 'Alice', retention: 'permanent', records })).status).toBe(200);

    const res = await console_.get('/api/console/series?user=alice');
    expect(res.status).toBe(200);
    expect(() => z.parse(ConsoleSeriesListSchema, res.body)).not.toThrow();
    expect(res.body).toMatchObject({ object: 'list', readings: 5, complete: true, subject: 'alice' });
    const [mood, glucose] = res.body.data;
    expect(mood).toEqual({
      series: 'ind:mood score',
      loinc_code: null,
      name: 'mood score',
      unit: null,
      count: 2,
      numeric_count: 1,
      abnormal_count: 0,
      latest: {
        id: expect.any(Number),
        time: '2026-05-05T08:00:00.000Z',
        value: 'good',
        parsed_value: null,
        abnormal: false,
      },
      reference: { low: null, high: null },
    });
    expect(glucose).toMatchObject({
      series: '2345-7',
      loinc_code: '2345-7',
      unit: 'mg/dL',
      count: 3,
      numeric_count: 3,
      // 130 is above its range; 92 is flagged H by its source.
      abnormal_count: 2,
      latest: { time: '2026-05-03T08:00:00.000Z', value: '92', parsed_value: 92, abnormal: true },
      reference: { low: 70, high: 99 },
    });
    expect(glucose.name).toMatch(/glucose/i);

    const points = await console_.get('/api/console/series/points?user=alice&series=2345-7');
    expect(points.status).toBe(200);
    expect(() => z.parse(SeriesPointsSchema, points.body)).not.toThrow();
    expect(points.body).toEqual({
      object: 'series_points',
      series: '2345-7',
      subject: 'alice',
      count: 3,
      has_more: false,
      time: ['2026-05-01T08:00:00.000Z', '2026-05-02T08:00:00.000Z', '2026-05-03T08:00:00.000Z'],
      value: [85, 130, 92],
      abnormal: [false, true, true],
    });
    const moodPoints = await console_.get(
      `/api/console/series/points?user=alice&series=${encodeURIComponent('ind:mood score')}`,
    );
    expect(moodPoints.body).toMatchObject({ count: 1, time: ['2026-05-04T08:00:00.000Z'], value: [7] });

    const window = await console_.get(
      '/api/console/series/points?user=alice&series=2345-7&from=2026-05-02T00:00:00Z&to=2026-05-02T23:59:59Z',
    );
    expect(window.body).toMatchObject({ count: 1, value: [130] });
    // A known series with nothing in the window is an empty chart, not an unknown series.
    const empty = await console_.get('/api/console/series/points?user=alice&series=2345-7&from=2027-01-01');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ count: 0, time: [], value: [], abnormal: [] });
    for (const series of ['8867-4', 'ind:mood', 'ind:glucose']) {
      const unknown = await console_.get(`/api/console/series/points?user=alice&series=${encodeURIComponent(series)}`);
      expect(unknown.status, series).toBe(404);
      expect(unknown.body.error, series).toMatchObject({ type: 'invalid_request_error', param: 'series' });
    }
  });

  it('serves a 10,000-reading Subject: every series in one answer, and its chart as 10,000 points in one answer', async () => {
    const { console_, v1 } = await person();
    const start = Date.UTC(2025, 0, 1);
    for (let batch = 0; batch < 20; batch++) {
      const records = Array.from({ length: 500 }, (_, i) => {
        const k = batch * 500 + i;
        return {
          indicator: 'Heart rate',
          value: 50 + (k % 60),
          unit: '/min',
          reference_range: '60-100',
          time: new Date(start + k * 3_600_000).toISOString(),
        };
      });
      const res = await v1.post('/v1/data', { user: 'big', retention: 'permanent', records });
      expect(res.status).toBe(200);
    }

    let began = performance.now();
    const series = await console_.get('/api/console/series?user=big');
    const seriesMs = performance.now() - began;
    expect(series.status).toBe(200);
    expect(series.body).toMatchObject({ readings: 10_000, complete: true });
    expect(series.body.data).toHaveLength(1);
    // 50–109 in a 60–100 range: 10 below and 9 above in every 60.
    const abnormal = Array.from({ length: 10_000 }, (_, k) => 50 + (k % 60)).filter((v) => v < 60 || v > 100).length;
    expect(series.body.data[0]).toMatchObject({ series: '8867-4', count: 10_000, abnormal_count: abnormal });

    began = performance.now();
    const points = await console_.get('/api/console/series/points?user=big&series=8867-4');
    const pointsMs = performance.now() - began;
    expect(points.status).toBe(200);
    expect(points.body).toMatchObject({ count: 10_000, has_more: false });
    expect(points.body.time).toHaveLength(10_000);
    expect(points.body.time[0]).toBe(new Date(start).toISOString());
    expect(points.body.time[9_999]).toBe(new Date(start + 9_999 * 3_600_000).toISOString());
    expect(points.body.value.slice(0, 3)).toEqual([50, 51, 52]);
    expect(points.body.abnormal.filter(Boolean)).toHaveLength(abnormal);
    console.info(`10,000 readings: series ${Math.round(seriesMs)} ms, points ${Math.round(pointsMs)} ms`);
  }, 180_000);
});
