import { describe, expect, it } from 'vitest';
import { extractReadingsOffline } from '../../../shared/domain/extraction';
import { readHl7Observations } from '../../../shared/domain/extraction/hl7-v2';

const ORU = [
  'MSH|^~\\&|LIS|NORTHLAB|EHR|CLINIC|202603021415||ORU^R01|MSG00017|P|2.5.1',
  'PID|1||884512^^^NORTHLAB^MR||DOE^JANE||19800412|F',
  'OBR|1|ORD445|LAB991|24323-8^Comprehensive metabolic panel^LN|||202603020830',
  'OBX|1|NM|2345-7^Glucose^LN||104|mg/dL^mg/dL^UCUM|70-99|H|||F|||202603020815',
  'OBX|2|NM|2160-0^Creatinine^LN||0.84|mg/dL|0.57-1.00|N|||F',
  'OBX|3|SN|1751-7^Albumin^LN||<^5|g/dL|3.5-5.5||||F',
  'OBX|4|CWE|5778-6^Color of Urine^LN||YEL^Yellow^HL70000||||||F',
  'NTE|1||Fasting specimen',
].join('\r');

describe('HL7 v2 observations', () => {
  it('reads one reading per OBX with unit, range, flag and date', () => {
    expect(extractReadingsOffline(ORU)).toEqual([
      {
        indicator: 'Glucose',
        value: '104',
        unit: 'mg/dL',
        referenceRange: '70-99',
        flag: 'H',
        measuredAt: '2026-03-02T08:15:00',
      },
      {
        indicator: 'Creatinine',
        value: '0.84',
        unit: 'mg/dL',
        referenceRange: '0.57-1.00',
        flag: 'N',
        measuredAt: '2026-03-02T08:30:00',
      },
      {
        indicator: 'Albumin',
        value: '<5',
        unit: 'g/dL',
        referenceRange: '3.5-5.5',
        flag: null,
        measuredAt: '2026-03-02T08:30:00',
      },
      {
        indicator: 'Color of Urine',
        value: 'Yellow',
        unit: null,
        referenceRange: null,
        flag: null,
        measuredAt: '2026-03-02T08:30:00',
      },
    ]);
  });

  it('finds a message pasted inside an email with newline segments and custom separators', () => {
    const text =
      'Hi, results below.\n\nMSH#$~\\&#LIS#LAB\nOBX#1#NM#718-7$Hemoglobin$LN##13.2#g/dL#12.0-15.5#N\n\nThanks';
    expect(readHl7Observations(text)).toEqual([
      {
        indicator: 'Hemoglobin',
        value: '13.2',
        unit: 'g/dL',
        referenceRange: '12.0-15.5',
        flag: 'N',
        measuredAt: null,
      },
    ]);
  });

  it('gives no rows and no throw for a truncated message', () => {
    expect(readHl7Observations('MSH|^~\\&|LIS\nOBX|1|NM|2345-7^Glu')).toEqual([]);
    expect(readHl7Observations('Glucose 104 mg/dL')).toBeNull();
  });
  it('decodes escaped separators and takes the first repetition of a field', () => {
    const message = [
      'MSH|^~\\&|LIS|LAB|EHR|CLINIC|202604010900||ORU^R01|M2|P|2.5.1',
      'OBR|1|||58410-2^CBC panel^LN|||202604010815',
      'OBX|1|NM|26464-8^WBC^LN||7.2|10\\S\\9/L|4.0-11.0~4.5-11.5|N|||F',
      'OBX|2|ST|5794-3^Hemoglobin \\T\\ hematocrit note^LN||see comment||||||F',
    ].join('\r');
    expect(readHl7Observations(message)).toEqual([
      {
        indicator: 'WBC',
        value: '7.2',
        unit: '10^9/L',
        referenceRange: '4.0-11.0',
        flag: 'N',
        measuredAt: '2026-04-01T08:15:00',
      },
      {
        indicator: 'Hemoglobin & hematocrit note',
        value: 'see comment',
        unit: null,
        referenceRange: null,
        flag: null,
        measuredAt: '2026-04-01T08:15:00',
      },
    ]);
  });
});
