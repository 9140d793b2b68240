import { describe, expect, it } from 'vitest';
import { resolveIndicator } from '../../../shared/domain/standardization/resolver';
import { standardizeReading } from '../../../shared/domain/standardization/standardize';

describe('a blood-pressure monitor’s SYS / DIA / PUL captions (vendor-fields.json, home-bp-monitors)', () => {
  it('reads each caption as the vital sign it abbreviates, with or without its unit', () => {
    for (const [name, unit, code] of [
      ['SYS', null, '8480-6'],
      ['SYS', 'mmHg', '8480-6'],
      ['Sys.', 'mmHg', '8480-6'],
      ['DIA', null, '8462-4'],
      ['Dia', 'mmHg', '8462-4'],
      ['DIAST', 'mmHg', '8462-4'],
      ['PUL', null, '8867-4'],
      ['PUL', 'bpm', '8867-4'],
      ['PUL', '/min', '8867-4'],
      ['SYS (mmHg)', null, '8480-6'],
    ] as const) {
      expect(resolveIndicator(name, unit).loincCode, `${name} ${unit}`).toBe(code);
    }
  });

  it('finds nothing in a unit the sign is never given in, nor for longer words', () => {
    expect(resolveIndicator('DIA', 'mg/dL').loincCode).toBeNull();
    expect(resolveIndicator('SYS', '%').loincCode).toBeNull();
    expect(resolveIndicator('PUL', 'mmHg').loincCode).toBeNull();
    expect(resolveIndicator('Diamox').loincCode).toBeNull();
    expect(resolveIndicator('System').loincCode).toBeNull();
    expect(resolveIndicator('Dia do exame').loincCode).toBeNull();
    expect(resolveIndicator('Dias de internação').loincCode).toBeNull();
  });

  it('codes a monitor log’s row as the blood-pressure pair and the pulse', () => {
    const codes = [
      ['SYS', '142'],
      ['DIA', '88'],
      ['PUL', '66'],
    ].flatMap(([indicator, value]) =>
      standardizeReading({ indicator: indicator as string, value: value as string, unit: null }).map(
        (s) => s.loincCode,
      ),
    );
    expect(codes).toEqual(['8480-6', '8462-4', '8867-4']);
  });
});
