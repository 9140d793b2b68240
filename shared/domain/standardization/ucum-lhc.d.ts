/**
 * Minimal typing of the parts of `@lhncbc/ucum-lhc` the standardization engine uses; the package ships no types.
 * @see https://lhncbc.github.io/ucum-lhc/
 */
declare module '@lhncbc/ucum-lhc' {
  export interface UcumValidation {
    status: 'valid' | 'invalid' | 'error';
    ucumCode: string | null;
    msg: string[];
  }
  export interface UcumConversion {
    status: 'succeeded' | 'failed' | 'error';
    toVal: number | null;
    msg: string[];
  }
  export interface UcumLhcUtilsInstance {
    validateUnitString(unit: string, suggest?: boolean): UcumValidation;
    convertUnitTo(
      fromUnit: string,
      fromValue: number,
      toUnit: string,
      options?: { suggest?: boolean; molecularWeight?: number | null },
    ): UcumConversion;
  }
  const ucum: {
    UcumLhcUtils: { getInstance(): UcumLhcUtilsInstance };
  };
  export default ucum;
}
