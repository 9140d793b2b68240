import { describe, expect, it } from 'vitest';
import { resolveReadingIndicator } from '../../../shared/domain/standardization/unitless-siblings';

const code = (name: string, unit: string | null = null) => resolveReadingIndicator(name, unit).loincCode;

/** Session 24, helper a24: today's orders and LIS abbreviations the corpus lacked (modern-orders.json, curated). */
describe('tumour markers a partner sends (modern-orders.json)', () => {
  it('NSE and HE4 by their test-menu names, in the unit the assay reports', () => {
    expect(code('NSE', 'ng/mL')).toBe('15060-7');
    expect(code('Neuron-specific enolase', 'µg/L')).toBe('15060-7');
    expect(code('Neuron Specific Enolase, S', 'ng/mL')).toBe('15060-7');
    expect(code('HE4', 'pmol/L')).toBe('55180-4');
    expect(code('Human Epididymis Protein 4', 'pmol/L')).toBe('55180-4');
  });

  it('a unit of another kind finds no code', () => {
    expect(code('NSE', 'U/L')).toBeNull();
    expect(code('HE4', 'mg/dL')).toBeNull();
  });
});

describe('immature granulocytes: the share only where the name or unit says so', () => {
  it('IG % in % is the automated share', () => {
    expect(code('IG %', '%')).toBe('71695-1');
    expect(code('IG%', '%')).toBe('71695-1');
    expect(code('Immature granulocytes %', '%')).toBe('71695-1');
  });

  it('a bare name, a count unit or the two letters alone stay null', () => {
    expect(code('Immature granulocytes')).toBeNull();
    expect(code('Immature granulocytes', '10*3/µL')).toBeNull();
    expect(code('IG', '%')).toBeNull();
  });
});

describe('LIS abbreviations of orders the corpus already carries', () => {
  it('proBNP is the N-terminal prohormone (Roche proBNP II), iPTH the intact hormone', () => {
    expect(code('proBNP', 'pg/mL')).toBe('33762-6');
    expect(code('Pro-BNP', 'pg/mL')).toBe('33762-6');
    expect(code('BNP', 'pg/mL')).toBe('30934-4');
    expect(code('iPTH', 'pg/mL')).toBe('2731-8');
  });

  it('ionised calcium spelled either way, with Ca as a word', () => {
    expect(code('Ca ionized', 'mmol/L')).toBe('1995-0');
    expect(code('Ionised Ca', 'mmol/L')).toBe('1995-0');
    expect(code('Calcium ionised', 'mmol/L')).toBe('1995-0');
    expect(code('Ca', null)).toBeNull();
  });

  it('serology IgG in the international or arbitrary units labs print', () => {
    expect(code('Rubella IgG', 'IU/mL')).toBe('5334-8');
    expect(code('Rubella Ab IgG', 'IU/mL')).toBe('5334-8');
    expect(code('CMV IgG', 'U/mL')).toBe('5124-3');
    expect(code('VZV IgG', 'mIU/mL')).toBe('5403-1');
    expect(code('Rubella IgM', 'IU/mL')).toBeNull();
    expect(code('CMV IgG', 'mg/dL')).toBeNull();
  });

  it('rheumatoid factor and CCP IgG by their short names', () => {
    expect(code('RA factor', 'IU/mL')).toBe('11572-5');
    expect(code('CCP IgG', 'U/mL')).toBe('33935-8');
    expect(code('Anti-CCP', 'U/mL')).toBe('32218-0');
  });
});
