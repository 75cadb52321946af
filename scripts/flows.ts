// `npm run flows`: draws every machine's statechart offline, runs the model-based tests with FLOWS_OUT
// set so each writes the paths it walks and its transition coverage, then writes one page per machine
// and index.html linking them all. Output: flows-out/ (git-ignored), served by the Storybook build at
// flows/ (docs/qa.md). The generator lives in scripts/flows/.
// `--charts-only` skips the model tests (what every Storybook build runs first, .storybook/main.ts):
// the pages then keep the paths and coverage of the last full run, or say there was none.
import { fileURLToPath } from 'node:url';
import { writeCharts, writePages, writePathLists } from './flows/generate';

const OUT = fileURLToPath(new URL('../flows-out/', import.meta.url));
const chartsOnly = process.argv.includes('--charts-only');

const failedCharts = await writeCharts(OUT);
const testsPassed = chartsOnly || writePathLists(OUT);
writePages(OUT);
console.log(`${OUT}index.html`);
if (failedCharts.length > 0 || !testsPassed) process.exitCode = 1;
