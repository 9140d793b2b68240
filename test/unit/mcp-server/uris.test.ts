import { describe, expect, it } from 'vitest';
import { fileUri, parseHdsUri, seriesUri } from '../../../shared/domain/mcp/uris';

describe('HDS resource URIs', () => {
  it.each([
    'uploads/2026/05/01/abc123/labs.txt',
    'a%b/100%.txt',
    'Befund für Jörg/ß.pdf',
    'with space and ?query#hash',
    '血液検査.png',
  ])('a file key round-trips through its URI, in one segment: %s', (fileKey) => {
    const uri = fileUri(fileKey);
    expect(uri.slice('hds://files/'.length)).not.toContain('/');
    expect(parseHdsUri(uri)).toEqual({ kind: 'file', fileKey });
  });

  it('a LOINC code round-trips through its series URI', () => {
    expect(seriesUri('2345-7')).toBe('hds://series/loinc/2345-7');
    expect(parseHdsUri('hds://series/loinc/2345-7')).toEqual({ kind: 'series', code: '2345-7' });
  });

  it.each([
    'http://x',
    'hds://series/loinc/',
    'hds://series/loinc/glucose',
    'hds://series/loinc/2345-7/extra',
    'hds://series/ind:glucose',
    'hds://files/',
    'hds://files/a/b',
    'hds://files/%E0%A4%A',
    'HDS://files/x',
    '',
  ])('anything else names nothing: %s', (uri) => {
    expect(parseHdsUri(uri)).toBeNull();
  });
});
