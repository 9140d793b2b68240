import { describe, expect, it } from 'vitest';
import { withInitialSpelledOut, withoutTotalWord } from '../../../shared/domain/standardization/reading-prefixes';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

// Session 26 (n26b): modern orders checked against LOINC's published long names, and LIS forms of names the corpus
// already knows. Each case is a variation of a family (other labs' spellings, capitals, punctuation), with
// near-misses that must stay null.
const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('modern orders (modern-orders.json)', () => {
  it('reads SARS-CoV-2 RNA by PCR as LIS print it', () => {
    expect(code('SARS-COV-2 PCR')).toBe('94500-6');
    expect(code('SARS-CoV-2 RNA, Qual RT-PCR')).toBe('94500-6');
    expect(code('COVID-19 RT-PCR')).toBe('94500-6');
    expect(code('sars cov 2 rna')).toBe('94500-6');
  });

  it('reads SARS-CoV-2 IgG, and leaves IgM and the bare disease name alone', () => {
    expect(code('SARS-CoV-2 IgG')).toBe('94563-4');
    expect(code('COVID-19 IgG Antibody')).toBe('94563-4');
    expect(code('SARS-CoV-2 IgM')).toBeNull();
    expect(code('COVID')).toBeNull();
  });

  it('reads the HIV 4th generation screen and keeps the antibody-only test apart', () => {
    expect(code('HIV-1/2 Ag/Ab 4th generation')).toBe('56888-1');
    expect(code('HIV 1/2 AG/AB, 4TH GEN')).toBe('56888-1');
    expect(code('HIV Ag/Ab Combo')).toBe('56888-1');
    expect(code('HIV 1+2 Ab')).toBe('7918-6');
  });

  it('reads hepatitis B surface antigen written with Hep and Ag, and keeps the antibody apart', () => {
    expect(code('HEP B SURFACE AG')).toBe('5195-3');
    expect(code('Hepatitis B Surface Ag')).toBe('5195-3');
    expect(code('Hep B surface Ab')).toBe('16935-9');
  });

  it('reads RPR with a word that says which test; the bare letters wait for the reading', () => {
    expect(code('RPR Screen')).toBe('20507-0');
    expect(code('RPR screen test')).toBe('20507-0');
    // A titer sibling (11084-1) takes the same letters: without a unit the name cannot say which.
    expect(code('RPR')).toBeNull();
  });

  it('reads urine appearance and the A-a gradient; a bare Appearance stays null', () => {
    expect(code('Urine Appearance')).toBe('5767-9');
    expect(code('APPEARANCE, URINE')).toBe('5767-9');
    expect(code('Appearance')).toBeNull();
    expect(code('A-a gradient', 'mmHg')).toBe('19991-9');
    expect(code('Alveolar-arterial Gradient', 'mm Hg')).toBe('19991-9');
  });
});

describe('LIS forms of known names', () => {
  it('spells out a dotted T or D joined to its word (reading-prefixes.ts)', () => {
    expect(code('T.PROTEIN', 'g/dL')).toBe('2885-2');
    expect(code('T. Bilirubin', 'mg/dL')).toBe('1975-2');
    expect(code('D.BILIRUBIN', 'mg/dL')).toBe('1968-7');
    expect(code('t.cholesterol', 'mg/dL')).toBe('2093-3');
  });

  it('does not spell out other initials or a cut that names no test', () => {
    expect(withInitialSpelledOut('T PROTEIN')).toBeNull();
    expect(withInitialSpelledOut('X.PROTEIN')).toBeNull();
    expect(withInitialSpelledOut('T.Hb')).toBeNull();
    expect(code('T. cruzi IgG')).toBeNull();
  });

  it('reads a cell count written with total', () => {
    expect(code('Total RBC Count', 'mill/cumm')).toBe('789-8');
    expect(code('TOTAL RBC COUNT', '10^6/uL')).toBe('789-8');
    expect(code('Total WBC Count', 'cells/cumm')).toBe('26464-8');
  });

  it('keeps total where it is part of the name, and unknown counts null', () => {
    expect(withoutTotalWord('Totally')).toBeNull();
    expect(code('Total Protein', 'g/dL')).toBe('2885-2');
    expect(code('Total foo count', '10*3/uL')).toBeNull();
  });

  it('reads the iron panel percent saturation; bare and cut forms stay null', () => {
    expect(code('% SATURATION', '%')).toBe('2502-3');
    expect(code('% Saturation', '% (calc)')).toBe('2502-3');
    expect(code('Percent Saturation', '%')).toBe('2502-3');
    expect(code('Saturation', '%')).toBeNull();
    expect(code('% Sat', '%')).toBeNull();
  });
});
