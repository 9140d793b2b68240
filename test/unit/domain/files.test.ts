import { describe, expect, it } from 'vitest';
import { fileOfObjectKey, newFileKey, objectKey, textKey } from '../../../shared/domain/files';

describe('object keys', () => {
  it('finds the file an object key names, for any file key minted', () => {
    const subjectId = 'sbj_0c4e2f8a9b1d4e6f8a0b2c4d6e8f0a1b';
    for (const name of ['scan.pdf', 'Befund März 2024.pdf', 'a/b\\c.tiff', '']) {
      const fileKey = newFileKey(name, Date.UTC(2026, 10, 21));
      expect(fileOfObjectKey(objectKey(subjectId, fileKey))).toEqual({ subjectId, fileKey });
    }
  });

  it('names no file for keys outside the files of a Subject', () => {
    expect(fileOfObjectKey('incoming/8169eba65009c924fd1d331c173a5168')).toBeNull();
    expect(fileOfObjectKey(textKey('sbj_1', 'uploads/2026/11/21/ab/scan.pdf'))).toBeNull();
    expect(fileOfObjectKey('subjects//files/uploads/x.pdf')).toBeNull();
    expect(fileOfObjectKey('subjects/sbj_1/files/')).toBeNull();
  });
});
