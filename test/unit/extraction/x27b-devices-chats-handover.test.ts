import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chatHeaderStamp } from '../../../shared/domain/extraction/chat-header-stamps';
import { numberWrappedOnto } from '../../../shared/domain/extraction/spelled-values';
import { readAs } from './support/read-fields';

const fixture = (name: string) => readFileSync(join(__dirname, 'fixtures', 'x27b', name), 'utf8');
const dated = (name: string) => readAs(fixture(name), 'indicator', 'value', 'unit', 'measuredAt');

describe('Telegram copied messages: the sender line dates and times the lines under it (chat-header-stamps.ts)', () => {
  it('reads an English desktop copy with slash dates, day-first past 12', () => {
    expect(dated('telegram-slash-en.txt')).toEqual([
      ['fasting glucose', '6.1', 'mmol/L', '2025-04-23T21:35:00'],
      ['BP', '128/79', null, '2025-04-24T08:02:00'],
      ['pulse', '66', null, '2025-04-24T08:02:00'],
    ]);
  });

  it('reads ISO and dotted stamps, a CJK sender and a German one with an initial', () => {
    expect(dated('telegram-iso-and-dotted.txt')).toEqual([
      ['血糖', '6.8', 'mmol/L', '2022-11-22T05:05:00'],
      ['Blutdruck', '135/85', null, '2022-11-22T19:40:00'],
      ['Puls', '72', null, '2022-11-22T19:40:00'],
    ]);
  });

  it('takes a sender without the comma and a two-digit year', () => {
    expect(dated('telegram-no-comma.txt')[0]).toEqual(['sugar', '7.2', null, '2016-07-17T18:57:00']);
  });

  it('is no stamp when the bracketed date stands inside a sentence, or the line holds a reading', () => {
    expect(chatHeaderStamp('Seen in clinic [17.07.2016 09:00] for review, weight 81 kg', 'day-first')).toBeNull();
    expect(chatHeaderStamp('[17.07.2016 09:00] Dad: sugar 7.2', 'day-first')).toBeNull();
    expect(chatHeaderStamp('Dad, [14.03.2026 07:41]', 'day-first')).toEqual({
      day: '2026-03-14',
      time: '07:41',
      at: '2026-03-14T07:41:00',
    });
  });
});

describe('Polar AccessLink answers: `created` dates a record, hyphenated ids are no readings (device-json.ts)', () => {
  it('reads a physical-information record with its vo2-max, and no threshold setting or id', () => {
    expect(dated('polar-physical-information.txt')).toEqual([
      ['weight', '74.2', null, '2026-05-02T07:11:03'],
      ['height', '168', null, '2026-05-02T07:11:03'],
      ['resting-heart-rate', '61', null, '2026-05-02T07:11:03'],
      ['vo2-max', '39', null, '2026-05-02T07:11:03'],
    ]);
  });

  it('dates a daily activity by its `date`, not by when the summary was `created`', () => {
    expect(dated('polar-daily-activity.txt').map((r) => r[3])).toEqual(['2026-05-03', '2026-05-03', '2026-05-03']);
  });
});

describe('body-composition columns of scale exports are readings without a unit (delimited-exports.ts)', () => {
  it('reads the Samsung Health weight table columns the resolver does not know', () => {
    expect(dated('samsung-weight-body-composition.csv').map((r) => r[0])).toEqual([
      'weight',
      'body_fat',
      'skeletal_muscle_mass',
      'fat_free_mass',
      'total_body_water',
      'vfa_level',
    ]);
  });

  it('reads a scale app export whose visceral fat column has no unit', () => {
    expect(dated('scale-app-export.csv')).toContainEqual(['Visceral Fat', '7', null, '2026-04-02T07:15:00']);
  });

  it("reads nothing from a workout log's muscle group and fat intake", () => {
    expect(dated('workout-log-near-miss.csv')).toEqual([]);
  });
});

describe("a handover's obs said in words (narrative.ts, spelled-values.ts, caption-times.ts)", () => {
  it('reads two timed sets, each caption timing its paragraph, a number wrapped at `hundred` read whole', () => {
    expect(dated('handover-two-sets.txt')).toEqual([
      ['pressure', 'one forty-two over ninety', null, '2026-03-02T09:40:00'],
      ['pulse', 'ninety-six', null, '2026-03-02T09:40:00'],
      ['resps', 'twenty', null, '2026-03-02T09:40:00'],
      ['GCS', 'fifteen', null, '2026-03-02T09:40:00'],
      ['temp', 'thirty-six point nine', null, '2026-03-02T09:40:00'],
      ['pressure', 'one twelve over sixty-eight', null, '2026-03-02T10:15:00'],
      ['heart rate', 'one hundred and eight', null, '2026-03-02T10:15:00'],
      ['sats', 'ninety-four', 'percent', '2026-03-02T10:15:00'],
    ]);
  });

  it('reads no `pressure` that is no blood pressure, and a street pattern does not swallow a sentence', () => {
    expect(readAs(fixture('ward-round-near-misses.txt'), 'indicator', 'value')).toEqual([
      ['Temp', '37.9'],
      ['heart rate', 'one hundred'],
    ]);
  });

  it('joins a wrapped spoken number only when the two halves make one number', () => {
    expect(numberWrappedOnto('heart rate one hundred', 'and four, irregular')).toEqual({
      line: 'heart rate one hundred and four',
      next: 'irregular',
    });
    expect(numberWrappedOnto('weight one hundred', 'twelve kilos')?.line).toBe('weight one hundred twelve');
    expect(numberWrappedOnto('heart rate one hundred', 'and steady since.')).toBeNull();
    expect(numberWrappedOnto('heart rate ninety', 'and four')).toBeNull();
  });
});
