import { describe, expect, it } from 'vitest';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

describe('a bare name without a unit: only siblings in specimens reports leave unnamed make it undecided', () => {
  it('a sibling in a body fluid, red cells or an unspecified specimen does not (a report names those)', () => {
    expect(code('LDH')).toBe('2532-0'); // pleural, peritoneal and body-fluid LDH are written with their fluid
    expect(code('Lipase')).toBe('3040-3');
    expect(code('AST (SGOT)')).toBe('1920-8'); // AST in red blood cells
    expect(code('CD4 count')).toBe('24467-3'); // CD4 in an unspecified specimen (README Labelling decisions)
  });

  it('a sibling in urine or blood still does: serum and urine amylase, chloride, urate', () => {
    expect(code('Amylase')).toBeNull();
    expect(code('Chloride')).toBeNull();
    expect(code('Uric acid')).toBeNull();
    expect(code('Sodium')).toBeNull();
  });

  it('a specimen written in the name still reaches the fluid concept', () => {
    expect(code('LDH, pleural', 'U/L')).toBe('2530-4');
  });
});

describe('a specimen written inside a symbol', () => {
  it('PaO2, PaCO2 are arterial and PvO2, SvO2 venous, without a unit', () => {
    expect(code('PaO2')).toBe('2703-7');
    expect(code('PaCO2')).toBe('2019-8');
    expect(code('PvO2')).toBe('2705-2');
    expect(code('SvO2')).toBe('2711-0');
  });

  it('a trailing UA files the line under the urinalysis; bare pO2 and UA stay null', () => {
    expect(code('pH, UA')).toBe('5803-2');
    expect(code('pO2')).toBeNull();
    expect(code('UA')).toBeNull();
  });
});

describe('a differential share written with its percent sign and no unit', () => {
  it('is the share the corpus holds; without the sign it stays null', () => {
    expect(code('Basophils %')).toBe('30180-4');
    expect(code('Monocytes %')).toBe('26485-3');
    expect(code('Monocytes')).toBeNull();
    expect(code('Basophils %', '10*3/uL')).toBeNull();
  });
});

describe('a method written in a bare name sets it apart from method-less siblings in other specimens', () => {
  it('hs troponin without a unit is the high-sensitivity code; plain troponin I the method-less one', () => {
    expect(code('hs-Troponin I')).toBe('89579-7');
    expect(code('Troponin I hs')).toBe('89579-7');
    // README *Labelling decisions*, troponin: the method-less code whatever the unit (session 22, n22; was null).
    expect(code('Troponin I')).toBe('10839-9');
  });
});
