import { validate } from '@readme/openapi-parser';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../functions/openapi/document';

describe('the OpenAPI document', () => {
  it('validates as OpenAPI 3.1 with @readme/openapi-parser', async () => {
    const document = openApiDocument('https://api.example.com/live', '1.2.3');
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('is the same bytes for the same input (the ETag relies on it)', () => {
    const a = JSON.stringify(openApiDocument('http://localhost:8787', '0.1.0'));
    expect(JSON.stringify(openApiDocument('http://localhost:8787', '0.1.0'))).toBe(a);
  });
});
