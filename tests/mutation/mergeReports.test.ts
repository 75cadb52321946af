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

describe('the test ids of merged reports', () => {
  const slice = (file: string, testFile: string, names: string[], killedBy: string[]) => ({
    files: { [file]: { source: '', mutants: [{ id: '1', status: 'Killed', killedBy, coveredBy: killedBy }] } },
    testFiles: { [testFile]: { tests: names.map((name, index) => ({ id: String(index), name })) } },
  });

  it('name each test by its file and name, so two slices numbered from 0 never share an id', () => {
    const merged = mergeReports([
      slice('machines/a.ts', 'tests/a.test.ts', ['a walks'], ['0']),
      slice('machines/b.ts', 'tests/b.test.ts', ['b walks', 'b saves'], ['1']),
    ]);
    const mutantOf = (file: string) => (merged.files[file] as { mutants: { killedBy: string[]; coveredBy: string[] }[] }).mutants[0];
    expect(mutantOf('machines/a.ts')?.killedBy).toEqual(['tests/a.test.ts#a walks']);
    expect(mutantOf('machines/b.ts')?.coveredBy).toEqual(['tests/b.test.ts#b saves']);
    const ids = Object.values(merged.testFiles ?? {}).flatMap((testFile) => (testFile as { tests: { id: string }[] }).tests.map((test) => test.id));
    expect(ids).toEqual(['tests/a.test.ts#a walks', 'tests/b.test.ts#b walks', 'tests/b.test.ts#b saves']);
  });

  it("read an id a report already gives to tests of several files as the mutated file's own test, or drop it", () => {
    const clashing = {
      files: { 'machines/a.ts': { mutants: [{ id: '1', status: 'Killed', killedBy: ['0', '1'] }] } },
      testFiles: {
        'tests/machines/a.test.ts': { tests: [{ id: '0', name: 'a' }] },
        'tests/machines/c.test.ts': { tests: [{ id: '0', name: 'c' }, { id: '1', name: 'd' }] },
        'tests/machines/e.test.ts': { tests: [{ id: '1', name: 'e' }] },
      },
    };
    const [mutant] = (mergeReports([clashing]).files['machines/a.ts'] as { mutants: { killedBy: string[] }[] }).mutants;
    expect(mutant?.killedBy).toEqual(['tests/machines/a.test.ts#a']);
  });
});
