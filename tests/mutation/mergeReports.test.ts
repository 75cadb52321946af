import { describe, expect, it } from 'vitest';
import { mergeReports } from '../../scripts/mutation/mergeReports';

describe('merging the reports of mutation slices into the incremental file', () => {
  it('keeps the files of every slice, and the newer slice wins for a file both ran', () => {
    const merged = mergeReports([
      { schemaVersion: '1', files: { 'domain/a.ts': 'old a', 'domain/b.ts': 'b' }, testFiles: { 't/a.test.ts': 'old' } },
      { schemaVersion: '2', files: { 'domain/a.ts': 'new a', 'machines/c.ts': 'c' }, testFiles: { 't/c.test.ts': 'c' } },
    ]);
    expect(merged).toEqual({
      schemaVersion: '2',
      files: { 'domain/a.ts': 'new a', 'domain/b.ts': 'b', 'machines/c.ts': 'c' },
      testFiles: { 't/a.test.ts': 'old', 't/c.test.ts': 'c' },
    });
  });
});
