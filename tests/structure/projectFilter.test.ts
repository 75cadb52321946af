import { describe, expect, it } from 'vitest';
import { namedProjects, namesJsdomStories, unitTakesFilesOf, unitTakesServerFiles } from '../setup/projectFilter';

const vitest = ['node', 'node_modules/vitest/vitest.mjs', 'run'];

describe('which projects a Vitest command names (vitest.config.ts)', () => {
  it('reads --project in both spellings, in order', () => {
    expect(namedProjects([...vitest, '--project', 'unit', 'tests/x.test.ts', '--project=e2e'])).toEqual(['unit', 'e2e']);
    expect(namedProjects([...vitest, 'tests/server'])).toEqual([]);
  });

  it('gives the server files to `unit` only when a command names `unit` and not `server`', () => {
    expect(unitTakesServerFiles([...vitest, '--project', 'unit', 'tests/server/orders.test.ts'])).toBe(true);
    expect(unitTakesServerFiles([...vitest, '--project=unit'])).toBe(true);
    expect(unitTakesServerFiles([...vitest, '--project', 'unit', '--project', 'server'])).toBe(false);
    expect(unitTakesServerFiles([...vitest, '--project', 'server', 'tests/server'])).toBe(false);
    expect(unitTakesServerFiles([...vitest, '--project', 'e2e'])).toBe(false);
    expect(unitTakesServerFiles(vitest)).toBe(false);
  });

  it('gives the pure files (domain, machines, i18n) to `unit` only when a command names `unit` and not `pure`', () => {
    expect(unitTakesFilesOf('pure', [...vitest, '--project', 'unit', 'tests/machines/orderCancel.test.ts'])).toBe(true);
    expect(unitTakesFilesOf('pure', [...vitest, '--project', 'unit', '--project', 'pure', 'tests/domain'])).toBe(false);
    expect(unitTakesFilesOf('pure', [...vitest, '--project=pure'])).toBe(false);
    expect(unitTakesFilesOf('pure', vitest)).toBe(false);
  });

  it('runs the jsdom story plays only when a command names tests/stories (test:fast), not in a whole run', () => {
    expect(namesJsdomStories([...vitest, '--project', 'unit', 'tests/domain', 'tests/stories', '--exclude', 'tests/i18n/extract.test.ts'])).toBe(true);
    expect(namesJsdomStories([...vitest, '--project', 'unit', './tests/stories/stories.test.ts'])).toBe(true);
    expect(namesJsdomStories(vitest)).toBe(false);
    expect(namesJsdomStories([...vitest, '--project', 'unit'])).toBe(false);
    expect(namesJsdomStories([...vitest, '--project', 'e2e', 'tests/e2e/storybook.e2e.ts'])).toBe(false);
  });
});
