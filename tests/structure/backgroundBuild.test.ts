// The background builds of the e2e global setup (tests/e2e/support/backgroundBuild.ts), with a tiny
// Node script for a build tool: the output appears whole, a second build starts only after the first,
// a failure is reported to the waiting test files, and a stopped run starts nothing more.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { built, startBackgroundBuild, type BackgroundBuild, type BuildCommand } from '../e2e/support/backgroundBuild';

// Appends "<name> start" to log.txt, writes index.txt into its output folder, appends "<name> end";
// exits 1 when its name starts with "broken".
const TOOL = `
import { appendFileSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
const [name, out] = process.argv.slice(2);
appendFileSync('log.txt', name + ' start\\n');
if (name.startsWith('broken')) process.exit(1);
mkdirSync(out, { recursive: true });
writeFileSync(join(out, 'index.txt'), name);
appendFileSync('log.txt', name + ' end\\n');
`;

let root = '';
const builds: BackgroundBuild[] = [];
afterEach(() => {
  builds.splice(0).forEach((build) => build.stop());
  rmSync(root, { recursive: true, force: true });
});

function start(name: string, outDir: string, after?: BackgroundBuild): BackgroundBuild {
  const command: BuildCommand = { name, outDir, script: join(root, 'tool.mjs'), args: (scratch) => [name, scratch] };
  const build = startBackgroundBuild(root, command, after);
  builds.push(build);
  return build;
}

function setUp(): void {
  root = mkdtempSync(join(tmpdir(), 'background-build-'));
  writeFileSync(join(root, 'tool.mjs'), TOOL);
}

const log = () => readFileSync(join(root, 'log.txt'), 'utf8').trim().split('\n');

describe('background builds for the end-to-end tests', () => {
  it('replaces the output folder once the build is complete, the second build after the first', async () => {
    setUp();
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'stale.txt'), 'previous build');
    const app = start('app', 'dist');
    const storybook = start('storybook', 'storybook-static', app);
    await built(storybook.statusFile, 'storybook');
    await built(app.statusFile, 'app');
    expect(readFileSync(join(root, 'dist', 'index.txt'), 'utf8')).toBe('app');
    expect(existsSync(join(root, 'dist', 'stale.txt'))).toBe(false);
    expect(readFileSync(join(root, 'storybook-static', 'index.txt'), 'utf8')).toBe('storybook');
    expect(log()).toEqual(['app start', 'app end', 'storybook start', 'storybook end']);
  });

  it('tells the waiting files why a build failed and leaves the previous output in place', async () => {
    setUp();
    mkdirSync(join(root, 'dist'));
    writeFileSync(join(root, 'dist', 'index.txt'), 'previous build');
    const broken = start('broken-app', 'dist');
    await expect(built(broken.statusFile, 'the app build')).rejects.toThrow('the app build failed: broken-app build ended with exit code 1');
    expect(readFileSync(join(root, 'dist', 'index.txt'), 'utf8')).toBe('previous build');
    // The build after it still runs: its own test files can pass.
    const next = start('storybook', 'storybook-static', broken);
    await built(next.statusFile, 'storybook');
  });

  it('starts nothing more once the run has stopped', async () => {
    setUp();
    const app = start('app', 'dist');
    const storybook = start('storybook', 'storybook-static', app);
    storybook.stop();
    await built(app.statusFile, 'app');
    await storybook.finished;
    expect(log()).toEqual(['app start', 'app end']);
  });
});
