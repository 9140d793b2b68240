import { describe, expect, it } from 'vitest';
import { isIntactPng } from '../../../shared/adapters/documents/png-integrity';
import { panelLineImage } from '../../support/document-fixtures';

describe('isIntactPng', () => {
  it('accepts a whole PNG and refuses one cut short, one with a corrupt chunk, and a bare signature', async () => {
    const png = await panelLineImage('png');
    expect(isIntactPng(png)).toBe(true);
    expect(isIntactPng(png.subarray(0, png.length - 20))).toBe(false);
    const corrupt = Buffer.from(png);
    corrupt[40] = corrupt[40]! ^ 0xff;
    expect(isIntactPng(corrupt)).toBe(false);
    expect(isIntactPng(png.subarray(0, 8))).toBe(false);
    expect(isIntactPng(Buffer.concat([png.subarray(0, 8), Buffer.alloc(64, 7)]))).toBe(false);
  });
});
