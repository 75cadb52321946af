import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { namedProjects, namesJsdomStories, unitTakesFilesOf, unitTakesServerFiles, webProjectOf, webTestFiles } from '../setup/projectFilter';

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
    expect(namesJsdomStories([...vitest, '--project', 'unit', 'tests/domain', 'tests/stories'])).toBe(true);
    expect(namesJsdomStories([...vitest, '--project', 'unit', './tests/stories/stories.test.ts'])).toBe(true);
    expect(namesJsdomStories(vitest)).toBe(false);
    expect(namesJsdomStories([...vitest, '--project', 'unit'])).toBe(false);
    expect(namesJsdomStories([...vitest, '--project', 'e2e', 'tests/e2e/storybook.e2e.ts'])).toBe(false);
  });
});

describe('the tests/web files by project (one module graph and one jsdom per worker where they can share it)', () => {
  it('puts a file with a DOM in `web`, one without in `pure`, and one that mocks a module in `unit`', () => {
    expect(webProjectOf("// @vitest-environment jsdom\nimport { render } from '@testing-library/react';\n")).toBe('dom');
    expect(webProjectOf("// A comment first.\n// @vitest-environment jsdom\n")).toBe('dom');
    expect(webProjectOf('/**\n * @vitest-environment jsdom\n */\n')).toBe('dom');
    expect(webProjectOf("import { describe } from 'vitest';\n")).toBe('node');
    expect(webProjectOf("// @vitest-environment jsdom\nvi.mock('../../src/app/routes', async (original) => original());\n")).toBe('own');
    expect(webProjectOf("import { vi } from 'vitest';\nvi.doMock('node:crypto');\n")).toBe('own');
    expect(webProjectOf("// @vitest-environment jsdom\nbeforeEach(() => vi.resetModules());\n")).toBe('own');
  });

  it('reads the files of tests/web, and only test files', () => {
    const root = mkdtempSync(join(tmpdir(), 'web-files-'));
    try {
      mkdirSync(join(root, 'tests/web'), { recursive: true });
      writeFileSync(join(root, 'tests/web/screen.test.tsx'), '// @vitest-environment jsdom\n');
      writeFileSync(join(root, 'tests/web/rules.test.ts'), "import { it } from 'vitest';\n");
      writeFileSync(join(root, 'tests/web/mocked.test.tsx'), "// @vitest-environment jsdom\nvi.mock('x');\n");
      writeFileSync(join(root, 'tests/web/harness.tsx'), '// @vitest-environment jsdom\n');
      expect(webTestFiles(root)).toEqual({ dom: ['tests/web/screen.test.tsx'], node: ['tests/web/rules.test.ts'], own: ['tests/web/mocked.test.tsx'] });
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('keeps the module-mocking leaving-page test in `unit` and the screens in `web`', () => {
    const files = webTestFiles();
    expect(files.own).toContain('tests/web/leaving-page.test.tsx');
    expect(files.dom).toContain('tests/web/request.test.tsx');
    expect(files.node).toContain('tests/web/tracking-rules.test.ts');
  });

  it('names `web` wherever a script names `unit` and runs tests/web, so its files are not run isolated by `unit`', () => {
    const scripts = (JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')) as { scripts: Record<string, string> }).scripts;
    for (const name of ['test:fast', 'test:unit']) {
      const argv = scripts[name].split(/\s+/);
      expect(unitTakesFilesOf('web', argv), name).toBe(false);
      expect(unitTakesFilesOf('pure', argv), name).toBe(false);
    }
  });
});
