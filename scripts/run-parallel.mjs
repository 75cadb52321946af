// Runs npm scripts side by side and fails if any fails: the typecheck and ESLint are each one
// single-threaded process, so on two cores they take the time of the longer instead of the sum.
// Usage: node scripts/run-parallel.mjs typecheck lint
import { spawn } from 'node:child_process';

const names = process.argv.slice(2);
const started = Date.now();
const outcomes = await Promise.all(
  names.map(
    (name) =>
      new Promise((resolve) => {
        const child = spawn('npm', ['run', '--silent', name], { stdio: 'inherit' });
        child.on('close', (code) => {
          console.log(`${name}: ${code === 0 ? 'ok' : `failed (${code})`} after ${((Date.now() - started) / 1000).toFixed(0)} s`);
          resolve(code === 0);
        });
      }),
  ),
);
process.exit(outcomes.every(Boolean) ? 0 : 1);
