import { beforeAll, describe, expect, it } from 'vitest';
import { findDates } from '../../../shared/domain/extraction/dates';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { cleanName, splitNameTail } from '../../../shared/domain/extraction/inline-readings';
import { repairLetterSpacing } from '../../../shared/domain/extraction/letter-spacing';
import { splitLines } from '../../../shared/domain/extraction/lines';
import { bareFlag } from '../../../shared/domain/extraction/measurement';
import { withoutLeaderTail } from '../../../shared/domain/extraction/name-leaders';
import { splitLeadingSymbol, splitTrailingSign, statusCellFlag } from '../../../shared/domain/extraction/value-marks';

/** The old leader tail, applied until nothing matches: the reference `withoutLeaderTail` must agree with. */
const OLD_LEADER_TAIL = /(?:\s*[:=_…·|]|\s+[.\-–—]+|\.{2,}|\s+)$/;
function oldWithoutLeaderTail(name: string): string {
  let rest = name;
  while (OLD_LEADER_TAIL.test(rest)) rest = rest.replace(OLD_LEADER_TAIL, '');
  return rest;
}

function timed(text: string): number {
  const started = performance.now();
  extractReadingsOffline(text);
  return performance.now() - started;
}

const lines = (count: number, line: string) => Array.from({ length: count }, () => line).join('\n');

describe('long blank stretches are read in linear time', () => {
  // The name resolver builds its indexes on first use; that is not the cost measured here.
  beforeAll(() => {
    extractReadingsOffline('Glucose 104 mg/dL (70-99)\nHaemoglobin 13.2 g/dL');
  }, 60_000);

  // Each was seconds to tens of seconds before: the MSH search rescanned every blank line after each line break, and
  // the name-tail regexes rescanned a blank stretch from each of its spaces.
  it('reads 3,000 lines of 1,000 spaces, and of `a` + 1,000 spaces + `1`, in reasonable time', () => {
    const blank = timed(lines(3000, ' '.repeat(1000)));
    const word = timed(lines(3000, `a${' '.repeat(1000)}1`));
    console.info(`3,000 lines: of spaces ${blank.toFixed(0)} ms, a + spaces + 1 ${word.toFixed(0)} ms`);
    expect(blank).toBeLessThan(15_000);
    expect(word).toBeLessThan(15_000);
  }, 90_000);

  it('reads lines just under the long-line cut (not split in pieces) in reasonable time', () => {
    // Generous bounds (CI shares two cores with other test files); the quadratic versions took ~30 s for 1,000 lines.
    expect(timed(lines(1000, `a${' '.repeat(990)}1`))).toBeLessThan(15_000);
    expect(timed(lines(1000, `${' '.repeat(500)}Glucose 104 mg/dL`))).toBeLessThan(15_000);
    expect(timed(lines(1000, `a${'\t'.repeat(990)}1`))).toBeLessThan(15_000);
  }, 120_000);

  it('still reads a reading after a long blank stretch, and a message after many blank lines', () => {
    const padded = extractReadingsOffline(`Glucose${' '.repeat(600)}104 mg/dL (70-99)`);
    expect(padded.map((r) => [r.indicator, r.value, r.unit])).toEqual([['Glucose', '104', 'mg/dL']]);
    const hl7 = `${lines(50, ' '.repeat(200))}\nMSH|^~\\&|LAB\nOBX|1|NM|2345-7^Glucose||104|mg/dL|70-99|H`;
    expect(extractReadingsOffline(hl7).map((r) => [r.indicator, r.value, r.flag])).toEqual([['Glucose', '104', 'H']]);
  });

  it('trims a line of spaces to nothing', () => {
    expect(splitLines(`${' '.repeat(1000)}\n a \t`).map((l) => l.text)).toEqual(['', ' a']);
  });
});

describe('leaders after a name, read backwards', () => {
  it.each([
    ['Glucose ...... :', 'Glucose'],
    ['Sodium ____', 'Sodium'],
    ['HbA1c -', 'HbA1c'],
    ['Ferritin....', 'Ferritin'],
    ['Vit.', 'Vit.'],
    ['Anti-', 'Anti-'],
    ['Glucose:   ', 'Glucose'],
    ['TSH =', 'TSH'],
    ['a - - - -', 'a'],
    ['', ''],
  ])('%j → %j', (name, bare) => {
    expect(withoutLeaderTail(name)).toBe(bare);
  });

  it('agrees with the regex it replaces on every short mix of leaders, spaces and letters', () => {
    const alphabet = [' ', '\t', ':', '.', '-', '–', '—', '…', '·', '_', '|', '=', 'a', '1'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed;
    };
    for (let i = 0; i < 20000; i++) {
      let name = '';
      for (let j = next() % 10; j > 0; j--) name += alphabet[next() % alphabet.length];
      expect(withoutLeaderTail(name)).toBe(oldWithoutLeaderTail(name));
    }
  });

  it('takes a tail of thousands of leaders, and a name before a long blank stretch, in linear time', () => {
    const started = performance.now();
    expect(withoutLeaderTail(`a${' -'.repeat(50_000)}`)).toBe('a');
    expect(cleanName(`Glucose${' '.repeat(100_000)}`)).toBe('Glucose');
    expect(splitNameTail(`${' '.repeat(100_000)}Glucose`).name).toBe(`${' '.repeat(100_000)}Glucose`);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('patterns written once', () => {
  it('reads a spaced-slash date in a line and joins it in the line the same way', () => {
    expect(findDates('COLLECTED : 03 / 17 / 2026', 'month-first').map((d) => d.iso)).toEqual(['2026-03-17']);
    expect(repairLetterSpacing('COLLECTED : 03 / 17 / 2026')).toBe('COLLECTED : 03/17/2026    ');
    // A ratio is no date in either place: not read as one, and not joined into `3/4/12`, which would read as one.
    expect(findDates('ratio 3 / 4 / 12', 'month-first')).toEqual([]);
    expect(repairLetterSpacing('ratio 3 / 4 / 12')).toBe('ratio 3 / 4 / 12');
    expect(findDates('1.03 / 17 / 2026', 'month-first')).toEqual([]);
  });

  it('takes the brackets off a flag in one place', () => {
    expect(bareFlag('(H)')).toBe('H');
    expect(bareFlag('H')).toBe('H');
    expect(statusCellFlag('(L)')).toBe('L');
    expect(statusCellFlag('🔴 HIGH')).toBe('HIGH');
    expect(statusCellFlag('✅ Normal')).toBe('');
  });

  it('reads a marked value with the numbers a result cell holds', () => {
    expect(splitTrailingSign('> 35000 +')).toEqual({ text: '> 35000', flag: '+' });
    expect(splitTrailingSign("1'250 -")).toEqual({ text: "1'250", flag: '-' });
    expect(splitLeadingSymbol('↑126')).toEqual({ text: '126', flag: '↑' });
    expect(splitLeadingSymbol('*1,250')).toEqual({ text: '1,250', flag: '*' });
    expect(splitTrailingSign('2 +')).toBeNull();
  });

  it('drops the emoji a chat answer ends a line with, keeping the arrow flags', () => {
    expect(splitLines('Ferritin 18 ng/mL ✅').map((l) => l.text)).toEqual(['Ferritin 18 ng/mL']);
    expect(splitLines('Ferritin 18 ng/mL ⬇️').map((l) => l.text)).toEqual(['Ferritin 18 ng/mL ⬇️']);
  });
});
