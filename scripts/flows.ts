// `npm run flows`: draws every machine's statechart offline, runs the model-based tests with FLOWS_OUT
// set so each writes the paths it walks, then writes one page per machine and index.html linking
// them all. Output: flows-out/ (git-ignored). The generator lives in scripts/flows/.
import { fileURLToPath } from 'node:url';
import { writeCharts, writePages, writePathLists } from './flows/generate';

const OUT = fileURLToPath(new URL('../flows-out/', import.meta.url));

const failedCharts = await writeCharts(OUT);
const testsPassed = writePathLists(OUT);
writePages(OUT);
console.log(`${OUT}index.html`);
if (failedCharts.length > 0 || !testsPassed) process.exitCode = 1;
