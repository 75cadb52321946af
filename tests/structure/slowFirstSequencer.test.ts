import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import { KNOWN_SECONDS, SlowFirstSequencer } from '../setup/slowFirstSequencer';

const ROOT = '/repo';

/** A file of a project in a group, as Vitest hands it to the sequencer. */
function spec(path: string, project: string, groupOrder: number): TestSpecification {
  return { moduleId: `${ROOT}/${path}`, project: { name: project, config: { sequence: { groupOrder }, isolate: true } } } as unknown as TestSpecification;
}

/** A fresh clone: no cached results nor sizes, so Vitest's own order is the order found. */
const freshClone = { config: { root: ROOT }, cache: { getFileTestResults: () => undefined, getFileStats: () => undefined } } as unknown as Vitest;

const order = async (files: TestSpecification[]) =>
  (await new SlowFirstSequencer(freshClone).sort(files)).map((file) => file.moduleId.replace(`${ROOT}/`, ''));

describe('the order files start in (vitest.config.ts)', () => {
  it('starts the known long files of each group first, longest first, and keeps the groups apart', async () => {
    const files = [
      spec('tests/e2e/godroid.e2e.ts', 'e2e', 1),
      spec('tests/e2e/flags.e2e.ts', 'e2e', 1),
      spec('tests/domain/money.test.ts', 'unit', 0),
      spec('tests/e2e/a11y.e2e.ts', 'e2e', 1),
      spec('tests/stories/stories.test.ts', 'unit', 0),
      spec('tests/server/bulk-placement.test.ts', 'server', 0),
      spec('tests/e2e/storybook.e2e.ts', 'e2e', 1),
      spec('tests/domain/phone.test.ts', 'unit', 0),
    ];
    expect(await order(files)).toEqual([
      'tests/stories/stories.test.ts',
      'tests/server/bulk-placement.test.ts',
      'tests/domain/money.test.ts',
      'tests/domain/phone.test.ts',
      'tests/e2e/a11y.e2e.ts',
      'tests/e2e/storybook.e2e.ts',
      'tests/e2e/flags.e2e.ts',
      'tests/e2e/godroid.e2e.ts',
    ]);
  });

  it('names files that exist', () => {
    const missing = Object.keys(KNOWN_SECONDS).filter((path) => !existsSync(join(process.cwd(), path)));
    expect(missing).toEqual([]);
  });
});
