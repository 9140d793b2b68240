import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction/index';
import { isNoiseLine } from '../../../shared/domain/extraction/lines';

const NOISE = [
  'LabCorp Burlington, 1447 York Court, Burlington, NC 27215',
  'Patient: Robert Allen   Age: 61   Sex: M',
  'DOB: 11/02/1975          MRN: 00482211',
  'Date of Birth: 04/22/1968      Age(y/m/d): 057/10/18      Sex: F',
  'Specimen ID: 071-482-3390-0                    Control ID: 48122930',
  'Acct #: 04418235                               Phone: (336) 555-0142',
  'Collected: 12.03.2026',
  'Reported: 03/13/2026 11:22',
  'Date Issued: 03/13/26 1122 ET                                        Page 1 of 1',
  'Page 2 of 3',
  'Seite 1 von 2',
  'Página 1 de 2',
  'Tel. 089 / 123 456-0',
  '2200 Riverside Drive, Suite 110, Columbus, OH 43221    Tel 614-555-0199    CLIA 36D0653812',
  'Sample no. 2026-044871',
  'Nº de muestra: 2603-7781',
  'Electronically signed by Dr. Helen Park, MD on 02/27/2026',
  'Dr. med. K. Weber',
  'Verified by: T. Nguyen, MLS(ASCP)',
  'Geb.-Datum: 14.07.1983',
  'Paciente: Fernández Ruiz, Javier      Edad: 47 años',
  'Patient : Mme DUBOIS Claire   Née le 02/09/1965',
  'Comment: Repeat in 3 months.',
  '__________________________________________',
];

describe('header and footer noise', () => {
  it.each(NOISE)('is noise: %s', (line) => {
    expect(isNoiseLine(line)).toBe(true);
    expect(extractReadingsOffline(line)).toEqual([]);
  });

  it.each(['Glucose 104 mg/dL', 'Protein, Total 7.1 g/dL 6.0-8.5', 'Sodium 139 mmol/L (133 - 146)'])(
    'is not noise: %s',
    (line) => {
      expect(isNoiseLine(line)).toBe(false);
    },
  );

  it('extracts only the table from a report framed by noise', () => {
    const text = [
      'RIVERSIDE MEDICAL LABORATORY',
      '2200 Riverside Drive, Suite 110, Columbus, OH 43221    Tel 614-555-0199',
      'PATIENT: MARTINEZ, CARLOS          DOB: 11/02/1975          MRN: 00482211',
      'COLLECTED: 02/27/2026 07:42        RECEIVED: 02/27/2026 09:15',
      'Test                         Result       Units          Reference Range      Flag',
      'WBC                          11.8         x10^3/uL       4.0 - 10.5           H',
      'Platelets                    412          x10^3/uL       150 - 400            H',
      'Verified by: T. Nguyen, MLS(ASCP)                               Page 1 of 1',
      'Performed at Main Campus Lab, 500 University Ave, Suite 12',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => r.indicator)).toEqual(['WBC', 'Platelets']);
  });
});

describe('Markdown pasted from a chat or a notes app', () => {
  it('reads a pipe table whose values are bold, with the marks removed', () => {
    const text = [
      '| Test | Result | Unit | Reference range |',
      '|------|--------|------|-----------------|',
      '| Ferritin | **18** | ng/mL | 30–400 |',
      '| __Hemoglobin__ | 13.1 | g/dL | 13.5–17.5 |',
    ].join('\n');
    expect(extractReadingsOffline(text).map((r) => [r.indicator, r.value, r.unit])).toEqual([
      ['Ferritin', '18', 'ng/mL'],
      ['Hemoglobin', '13.1', 'g/dL'],
    ]);
  });
});
