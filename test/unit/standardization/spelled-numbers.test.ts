import { describe, expect, it } from 'vitest';
import { spellOutValues } from '../../../shared/domain/extraction/spelled-values';
import { parseNumberWords, parseSpelledNumber } from '../../../shared/domain/standardization/spelled-numbers';

describe('spelled numbers', () => {
  it.each([
    ['zero', '0'],
    ['seven', '7'],
    ['twelve', '12'],
    ['nineteen', '19'],
    ['twenty', '20'],
    ['seventy-eight', '78'],
    ['seventy eight', '78'],
    ['Seventy-Eight', '78'],
    ['ninety', '90'],
    ['one hundred', '100'],
    ['a hundred', '100'],
    ['one hundred forty two', '142'],
    ['one hundred and forty-two', '142'],
    ['a hundred and five', '105'],
    ['one-hundred twelve', '112'],
    ['two hundred nineteen', '219'],
    ['a thousand', '1000'],
    ['one thousand', '1000'],
    ['two thousand and five', '2005'],
    ['twelve thousand three hundred forty five', '12345'],
    ['ninety eight point six', '98.6'],
    ['ninety-eight point six', '98.6'],
    ['six point two', '6.2'],
    ['point five', '0.5'],
    ['zero point five', '0.5'],
    ['thirty-seven point two five', '37.25'],
    ['one point oh five', '1.05'],
    ['7 point 2', '7.2'],
    ['98 point 6', '98.6'],
    ['point 5', '0.5'],
    ['  six point two  ', '6.2'],
  ])('%s → %s', (text, expected) => {
    expect(parseSpelledNumber(text)).toBe(expected);
  });

  it.each([
    '',
    'twice daily',
    'seventy-something',
    'one forty',
    'one forty-two',
    'one oh five',
    'a',
    'and',
    'oh',
    'point',
    'six point',
    'point twelve',
    'seventy eighty',
    'eight seventy',
    'twenty zero',
    'one hundred and',
    'one hundred zero',
    'hundred',
    'thousand',
    'zero thousand',
    'one two',
    'five mg',
    'seventy-eight bpm',
    'about seventy',
    'one, two',
    '7 point',
    '7 point two',
    'ninety eight point 6',
    'positive',
  ])('%s is not a number', (text) => {
    expect(parseSpelledNumber(text)).toBeNull();
  });

  it('reads dictated hundreds only when asked', () => {
    expect(parseNumberWords(['one', 'forty', 'two'])).toBeNull();
    expect(parseNumberWords(['one', 'forty', 'two'], { spokenHundreds: true })).toBe('142');
    expect(parseNumberWords(['one', 'forty'], { spokenHundreds: true })).toBe('140');
    expect(parseNumberWords(['one', 'oh', 'five'], { spokenHundreds: true })).toBe('105');
    expect(parseNumberWords(['one', 'oh'], { spokenHundreds: true })).toBeNull();
    expect(parseNumberWords([])).toBeNull();
  });
});

describe('the extractor reads spelled numbers with the same parser', () => {
  it('rewrites dictated hundreds, thousands and decimals in a line', () => {
    expect(spellOutValues('BP one forty-two over ninety-one').text).toBe('BP 142/91');
    expect(spellOutValues('steps two thousand and five today').text).toBe('steps 2005 today');
    expect(spellOutValues('temperature ninety eight point six').text).toBe('temperature 98.6');
  });

  it('leaves a bare "point" in prose as words', () => {
    expect(spellOutValues('at this point one thing').text).toBe('at this point 1 thing');
  });
});
