import { describe, expect, it } from 'vitest';
import { readCatalogue } from '../../scripts/i18n/catalogueFiles';
import { findMessageKeys } from '../../scripts/i18n/findMessageKeys';
import { createProjectProgram, hasKeyConstants, isBrowserFile, isServerFile } from '../../scripts/i18n/projectProgram';

// The same walk as scripts/i18n/extract.ts over the real project: a key the code uses but en.json
// lacks would reach users as a bare key, so it fails the suite instead of waiting for a manual run.
describe('message keys used in code', () => {
  it('are all in en.json', () => {
    const { program, files } = createProjectProgram();
    const found = findMessageKeys(program, files, { isBrowserFile, isServerFile, hasKeyConstants });
    const english = readCatalogue('en');
    expect(found.keys.length).toBeGreaterThan(0);
    const missing = [...new Set(found.keys.map((use) => use.key))].filter((key) => !(key in english)).sort();
    expect(missing).toEqual([]);
  }, 120_000);
});
