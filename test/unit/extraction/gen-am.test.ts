import { describe, expect, it } from 'vitest';
import { withoutAnalyserSettings } from '../../../shared/domain/extraction/analyser-settings';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import type { ExtractedReading } from '../../../shared/domain/extraction/types';
import { headerRole } from '../../../shared/domain/extraction/vocabulary';

const read = (text: string) => extractReadingsOffline(text);
const rows = (text: string) => read(text).map((r) => [r.indicator, r.value, r.unit, r.referenceRange, r.flag]);

describe('header captions with accents, and more languages (Czech, Turkish, Swedish, a US portal)', () => {
  it('matches a caption listed as printed against the folded cell', () => {
    expect(headerRole('Výsledek')).toBe('value');
    expect(headerRole('Referans Aralığı')).toBe('range');
    expect(headerRole('Vyšetření')).toBe('name');
    expect(headerRole('Jednotky')).toBe('unit');
    expect(headerRole('Birim')).toBe('unit');
    expect(headerRole('Enhet')).toBe('unit');
    expect(headerRole('Result Name')).toBe('name');
    expect(headerRole('Rango terapeutico')).toBe('range');
  });

  it('reads a Czech table with +/- flags and a text graph column', () => {
    const text = [
      'Vyšetření               Výsledek   Jednotky     Ref. meze        Graf',
      'S_Na                    138        mmol/l       136 - 146        [.....*....]',
      'S_Urea                  9,8     +  mmol/l       2,8 - 8,1        [.........]*',
      'eGF_CKD-EPI             0,68    -  ml/s/1,73m2  1,00 - 2,50    *[.........]',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['S_Na', '138', 'mmol/l', '136 - 146', null],
      ['S_Urea', '9,8', 'mmol/l', '2,8 - 8,1', '+'],
      ['eGF_CKD-EPI', '0,68', 'ml/s/1,73m2', '1,00 - 2,50', '-'],
    ]);
  });

  it('reads allergen rows named with their code under a Turkish header, the class column left out', () => {
    const text = [
      'Test Adı                                  Sonuç     Birim     Referans Aralığı    Sınıf',
      'd1  Dermatophagoides pteronyssinus        18.60     kU/L      < 0.35              4',
      't3  Huş ağacı (Betula verrucosa)          <0.10     kU/L      < 0.35              0',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['d1 Dermatophagoides pteronyssinus', '18.60', 'kU/L', '< 0.35', null],
      ['t3 Huş ağacı (Betula verrucosa)', '<0.10', 'kU/L', '< 0.35', null],
    ]);
  });

  it('splits a long unit that ran into the range column with one space', () => {
    const text = [
      '                                 Resultat        Einheit      Referenzbereich',
      '  Natrium                        141             mmol/l       135 - 145',
      '  eGFR (CKD-EPI)                 60              ml/min/1.73m2 > 90',
    ].join('\n');
    expect(rows(text)[1]).toEqual(['eGFR (CKD-EPI)', '60', 'ml/min/1.73m2', '> 90', null]);
  });
});

describe('urine sediment (Latin American orina completa)', () => {
  const text = [
    'SEDIMENTO URINARIO (microscopia)',
    '                                 Resultado           Valor de referencia',
    '  Leucocitos                     25-50 x campo       0 - 5 x campo',
    '  Celulas epiteliales            Escasas',
    '  Bacterias                      Abundantes          No se observan',
    '  Cristales                      No se observan',
  ].join('\n');

  it('takes two captions parted by a column gap as a header, names uncaptioned in front', () => {
    expect(rows(text)).toEqual([
      ['Leucocitos', '25-50', 'x campo', '0 - 5', null],
      ['Celulas epiteliales', 'Escasas', null, null, null],
      ['Bacterias', 'Abundantes', null, 'No se observan', null],
      ['Cristales', 'No se observan', null, null, null],
    ]);
  });

  it('reads a per-field count written in words outside a table too', () => {
    expect(rows('Hematies: 10-15 por campo')).toEqual([['Hematies', '10-15', 'por campo', null, null]]);
  });
});

describe('blood gas printouts', () => {
  const printout = [
    'FIO2:              35 %',
    'Temp:              37.0 C',
    'Measured (37.0 C)',
    '  pH             7.31   L   [ 7.35 -  7.45]',
    '  pCO2           49     H   [   35 -    45] mmHg',
    '  pO2            72     L   [   80 -   100] mmHg',
    '  BE(B)          -1.8       [   -2 -     3] mmol/L',
  ].join('\n');

  it('reads a signed value after a gap and drops the alignment padding inside the band', () => {
    expect(rows(printout)).toEqual([
      ['pH', '7.31', null, '7.35 - 7.45', 'L'],
      ['pCO2', '49', 'mmHg', '35 - 45', 'H'],
      ['pO2', '72', 'mmHg', '80 - 100', 'L'],
      ['BE(B)', '-1.8', 'mmol/L', '-2 - 3', null],
    ]);
  });

  it('keeps a dash with a space after it as a separator, not a sign', () => {
    expect(rows('Glucose - 104 mg/dL')).toEqual([['Glucose', '104', 'mg/dL', null, null]]);
  });

  it('drops FiO2 anywhere and an entered temperature only on a blood gas report', () => {
    const reading = (indicator: string, value: string): ExtractedReading => ({
      indicator,
      value,
      unit: null,
      referenceRange: null,
      flag: null,
      measuredAt: null,
    });
    const readings = [reading('FIO2', '35'), reading('Temp', '37.0'), reading('pH', '7.31')];
    expect(withoutAnalyserSettings(readings, 'pO2 72 pCO2 49').map((r) => r.indicator)).toEqual(['pH']);
    expect(withoutAnalyserSettings(readings, 'clinic note').map((r) => r.indicator)).toEqual(['Temp', 'pH']);
    expect(read('Temp 37.2 C, pulse 78').map((r) => r.indicator)).toContain('Temp');
  });
});

describe('ranges written in words or pointing elsewhere', () => {
  it('drops a desirable-level label and reads Spanish "mayor de" / "menor de" bands', () => {
    expect(rows('COLESTEROL TOTAL ................... 2,34 g/l          Deseable: hasta 2,00')).toEqual([
      ['COLESTEROL TOTAL', '2,34', 'g/l', 'hasta 2,00', null],
    ]);
    expect(rows('COLESTEROL HDL ..................... 0,52 g/l          (mayor de 0,40)')[0]?.[3]).toBe(
      'mayor de 0,40',
    );
  });

  it('leaves no range for a "see below" cell', () => {
    const text = [
      'TEST                          RESULT      FLAG   REFERENCE INTERVAL     UNITS',
      'Estradiol                     212                see below              pmol/L',
      'Prolactin                     31.2        H      4.8-23.3               ug/L',
    ].join('\n');
    expect(rows(text)).toEqual([
      ['Estradiol', '212', 'pmol/L', null, null],
      ['Prolactin', '31.2', 'ug/L', '4.8-23.3', 'H'],
    ]);
  });

  it('reads no band-table row under the results (a number after a gap is no name)', () => {
    const text = [
      'Prolactin                     31.2        H      4.8-23.3               ug/L',
      '                        FSH (IU/L)   LH (IU/L)   Estradiol (pmol/L)  Progesterone (nmol/L)',
      'Luteal phase            1.7-7.7      1.0-11.4    222-854             5.3-86.0',
      'Postmenopausal          25.8-134.8   7.7-58.5    <138                <0.5',
    ].join('\n');
    expect(read(text).map((r) => r.indicator)).toEqual(['Prolactin']);
  });
});

describe('what a drug-monitoring sheet or a comment says that is no reading', () => {
  it('skips Spanish dosing lines and toxic-level notes', () => {
    const text = [
      'Hora ultima dosis: 2026/01/21 21:00    Dosis: Acido valproico 500 mg c/12h; Lamotrigina 100 mg/dia',
      'ACIDO VALPROICO                   41.3      ug/mL       50.0 - 100.0         *',
      '   Nivel toxico: > 150 ug/mL',
      'Interpretacion de niveles de Litio: Mantenimiento 0.6-0.8 mmol/L; Episodio agudo 0.8-1.2',
      'mmol/L; Toxicidad > 1.5 mmol/L.',
    ].join('\n');
    expect(rows(text)).toEqual([['ACIDO VALPROICO', '41.3', 'ug/mL', '50.0 - 100.0', '*']]);
  });

  it('skips an interpretation legend, a criterion with an inclusive bound, a class table and an identifier', () => {
    const text = [
      'Interpretacion HbA1c: Normal < 5,7 % - Prediabetes 5,7 a 6,4 % - Diabetes >= 6,5 %',
      'HbA1c >= 48 mmol/mol på två tillfällen talar för diabetes.',
      'Sınıf 5  50.0 - 99.99',
      'Odesílající: MUDr. Petr Dvořák, interna, IČP 72031456',
    ].join('\n');
    expect(read(text)).toEqual([]);
  });

  it('names a derived value by itself, not by what it is calculated from', () => {
    const [reading] = read('eGFR (Lund-Malmö reviderad) beräknad ur P-Kreatinin: 81 mL/min/1,73m2.');
    expect(reading?.indicator).toBe('eGFR (Lund-Malmö reviderad)');
    expect(reading?.value).toBe('81');
  });
});

describe('from the second unseen check (a Hungarian sheet, a Peruvian urinalysis)', () => {
  it('dates a report by its Hungarian sampling caption, the time after the closing dot, never by the birth date', () => {
    const text = [
      'Név: Kovács Péter                  Szül.: 1961.04.02.',
      'Mintavétel: 2026.02.03. 07:20      Érkezés: 2026.02.03. 08:05',
      'Glükóz                          7,8  ↑      mmol/l         3,9 - 6,0',
    ].join('\n');
    expect(read(text).map((r) => [r.value, r.flag, r.measuredAt])).toEqual([['7,8', '↑', '2026-02-03T07:20:00']]);
  });

  it('reads two-word Spanish sediment grades', () => {
    const text = [
      'EXAMEN                       RESULTADO            VALORES DE REFERENCIA',
      'Celulas epiteliales          Regular cantidad',
      'Germenes                     Escasos',
    ].join('\n');
    expect(read(text).map((r) => [r.indicator, r.value])).toEqual([
      ['Celulas epiteliales', 'Regular cantidad'],
      ['Germenes', 'Escasos'],
    ]);
  });

  it('takes a dose followed by its route (IV, PO) for a dose', () => {
    expect(read('Last dose: Vancomycin 1.25 g IV 11/02/2026 00:00 ; Digoxin 0.125 mg PO daily')).toEqual([]);
    expect(read('Protein 0.2 g/L').map((r) => r.value)).toEqual(['0.2']);
  });
});

describe('malformed and huge input', () => {
  it('never throws and stays linear on long padded lines', () => {
    const padded = `pH${' '.repeat(5000)}7.31${' '.repeat(5000)}[ 7.35 -${' '.repeat(3000)}7.45]`;
    const signs = '-1 '.repeat(20000);
    const started = performance.now();
    expect(() => read(padded)).not.toThrow();
    expect(() => read(signs)).not.toThrow();
    expect(() => read(`Resultado      Valor de referencia\n${'x campo '.repeat(5000)}`)).not.toThrow();
    expect(() => withoutAnalyserSettings([], 'pO2 '.repeat(50000))).not.toThrow();
    expect(performance.now() - started).toBeLessThan(5000);
  });
});
