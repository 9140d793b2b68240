import { describe, expect, it } from 'vitest';
import { glossesConcepts } from '../../../shared/domain/standardization/bilingual-names';
import { urineSuffixReading } from '../../../shared/domain/standardization/foreign-words';
import { joinedSpacedWords } from '../../../shared/domain/standardization/spaced-words';
import { stripCodeReading } from '../../../shared/domain/standardization/strip-analyser-codes';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

// Families behind names in other languages for the common panels and CJK strip items (session 24, helper g24). Each
// case is a variation in another language, script, spacing or unit, not a name of an evaluation set; each family has
// a near miss that must stay null.
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('a urine analyser pad code beside the pad local name (strip-analyser-codes.ts)', () => {
  it('reads nitrite and blood pads in simplified and traditional Chinese, Japanese and Korean', () => {
    expect(code('亚硝酸盐 NIT')).toBe('5802-4');
    expect(code('尿亞硝酸鹽(NIT)')).toBe('5802-4');
    expect(code('亜硝酸塩 NIT')).toBe('5802-4');
    expect(code('아질산염 NIT')).toBe('5802-4');
    expect(code('尿潛血 OB')).toBe('5794-3');
    expect(code('尿潜血（OB）')).toBe('5794-3');
    expect(code('요잠혈 BLD')).toBe('5794-3');
  });

  it('reads pads in Latin-script languages, and quantities by their unit', () => {
    expect(code('Nitritos (NIT)')).toBe('5802-4');
    expect(code('Nitrit NIT')).toBe('5802-4');
    expect(code('Sangre en orina BLD')).toBe('5794-3');
    expect(code('Urobilinógeno URO', 'mg/dL')).toBe('19161-9');
    expect(code('Cetonas orina KET', 'mg/dL')).toBe('5797-6');
    expect(code('尿酮体 KET', 'mmol/L')).toBe('22702-5');
    expect(code('요단백 PRO', 'mg/dL')).toBe('5804-0');
  });

  it('leaves a pad code that is also a blood or chemistry abbreviation to the name when no urine is written', () => {
    expect(code('葡萄糖 GLU', 'mg/dL')).toBe('2345-7');
    expect(code('血红蛋白 BLD', 'g/L')).toBe('718-7');
    expect(code('Ketones KET', 'mmol/L')).toBeNull();
    expect(code('酮体 KET', 'mmol/L')).toBeNull();
    expect(code('Bilirubin BIL')).toBeNull();
  });

  it('keeps a bare code, a name of another test, and a bare protein or glucose pad without a unit null', () => {
    expect(code('NIT')).toBeNull();
    expect(code('Leucocitos LEU')).toBeNull();
    expect(code('尿酸 PH')).toBeNull();
    expect(code('尿蛋白 PRO')).toBeNull();
    expect(code('尿糖 GLU')).toBeNull();
    expect(stripCodeReading('BLD/ERY', null)).toBeNull();
  });
});

describe('a name in another language glossing its bracketed abbreviation (bilingual-names.ts)', () => {
  it('reads Turkish and Polish names by the abbreviation they bracket', () => {
    expect(code('Tiroid stimülan hormon (TSH)', 'µIU/mL')).toBe('3016-3');
    expect(code('Alkalen fosfataz (ALP)', 'U/L')).toBe('6768-6');
    expect(code('Kan üre azotu (BUN)', 'mg/dL')).toBe('3094-0');
    expect(code('Klor (Cl)', 'mmol/L')).toBe('2075-0');
  });

  it('leaves a name with a word of no stem the abbreviation names (a specimen or qualifier) unread', () => {
    expect(glossesConcepts('İdrar kreatinin', ['creatinine', 'Creatinine [Mass/volume] in Serum or Plasma'])).toBe(
      false,
    );
    expect(glossesConcepts('Alkalen fosfataz', ['alkaline phosphatase', 'fosfatasa alcalina'])).toBe(true);
    expect(code('İdrar kreatinin (CREA)', 'mg/dL')).toBeNull();
    expect(code('Açlık şeker (GLU)', 'mg/dL')).toBeNull();
  });
});

describe('names of the common panels in languages partners send (synonyms-i18n.json)', () => {
  it('reads CBC and chemistry names in Polish, Turkish, Russian, Swedish and Dutch on both scales', () => {
    expect(code('Krwinki białe', 'tys/µl')).toBe('26464-8');
    expect(code('Bilirubina całkowita', 'mg/dl')).toBe('1975-2');
    expect(code('Limfocyty %', '%')).toBe('26478-8');
    expect(code('Gama glutamil transferaz (GGT)', 'U/L')).toBe('2324-2');
    expect(code('Холестерин общий', 'mmol/L')).toBe('14647-2');
    expect(code('Креатинин', 'µmol/L')).toBe('14682-9');
    expect(code('ТТГ', 'mIU/L')).toBe('3016-3');
    expect(code('Fritt T4', 'pmol/L')).toBe('14920-3');
    expect(code('Totaal cholesterol', 'mmol/L')).toBe('14647-2');
  });

  it('reads vitals and check-up words in Japanese, Korean, Polish and Turkish', () => {
    expect(code('腹囲', 'cm')).toBe('8280-0');
    expect(code('허리둘레', 'cm')).toBe('8280-0');
    expect(code('空腹時血糖', 'mg/dL')).toBe('1558-6');
    expect(code('Ciśnienie skurczowe', 'mmHg')).toBe('8480-6');
    expect(code('Vücut kitle indeksi', 'kg/m2')).toBe('39156-5');
    expect(code('Nabız', '/min')).toBe('8867-4');
  });

  it('keeps a bare blood count without a unit null in every language, as in English', () => {
    expect(code('Лейкоциты')).toBeNull();
    expect(code('Krwinki białe')).toBeNull();
  });
});

describe('urine names formed with -uria/-urie (README decision), read by the unit (foreign-words.ts)', () => {
  it('reads a concentration as the spot urine test and a per-day amount as the 24-hour excretion', () => {
    expect(code('Créatininurie', 'mmol/L')).toBe('14683-7');
    expect(code('Creatininúria', 'mg/dL')).toBe('2161-8');
    expect(code('Créatininurie', 'mmol/24 h')).toBe('14684-5');
    expect(code('Natriurie', 'mmol/L')).toBe('2955-3');
    expect(urineSuffixReading('Calciurie', 'mmol/(24.h)')).toBe('calcium 24 hour urine');
  });

  it('keeps the name null without a unit, and never reads the serum code', () => {
    expect(code('Créatininurie')).toBeNull();
    expect(code('Uricosuria')).toBeNull();
    expect(code('Creatininuria', 'mg/dL')).not.toBe('2160-0');
    expect(urineSuffixReading('Azotemia', 'mg/dL')).toBeNull();
  });
});

describe('a strip leukocyte pad and other-language qualifier words', () => {
  it('reads the leukocyte pad without a count unit as the esterase, with cells/µL as the count', () => {
    expect(code('Leucocitos (tira reactiva)')).toBe('5799-2');
    expect(code('Leukozyten (Teststreifen)')).toBe('5799-2');
    expect(code('Leucocytes (bandelette)', '/µL')).toBe('20408-1');
    expect(code('Leukocytes')).toBeNull();
  });

  it('joins a word whose rest OCR left as lone lower-case letters, even when its first piece is a word', () => {
    expect(joinedSpacedWords('Sód i o')).toBe('Sódio');
    expect(joinedSpacedWords('Apo B')).toBe('Apo B');
    expect(code('B Cells Totaal %', '/uL')).toBe('11130-2');
  });
});

describe('a known Han name narrowing the Latin abbreviation beside it (cjk-abbreviation.ts)', () => {
  it('reads fasting glucose beside GLU without a bracket, on both scales, as the bracket form is read', () => {
    expect(code('空腹血糖 GLU', 'mmol/L')).toBe('14771-0');
    expect(code('空腹血糖 GLU', 'mg/dL')).toBe('1558-6');
    expect(code('空腹血糖(GLU)', 'mmol/L')).toBe('14771-0');
  });

  it('still refuses an abbreviation of another test, and a Han name that contradicts the Latin one', () => {
    expect(code('空腹血糖 TG', 'mmol/L')).toBeNull();
    expect(code('餐后血糖 Glucose AC', 'mg/dL')).toBeNull();
    expect(code('最高血圧(PAD)', 'mmHg')).toBeNull();
    expect(code('血氧饱和度(SaO2)', '%')).toBeNull();
  });
});
