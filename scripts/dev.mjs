// Development: the API server (tsx watch) and Vite with hot reload, side by side.
import { spawn } from 'node:child_process';

const procs = [
  spawn('npx', ['tsx', 'watch', 'server/main.ts'], { stdio: 'inherit', env: { ...process.env, PORT: process.env.PORT ?? '8080', WEBHOOKS_ALLOW_LOOPBACK: process.env.WEBHOOKS_ALLOW_LOOPBACK ?? '1', SEED_HISTORY: process.env.SEED_HISTORY ?? '1' } }),
  spawn('npx', ['vite', '--host', '127.0.0.1'], { stdio: 'inherit' }),
];
const stop = () => procs.forEach((p) => p.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
procs.forEach((p) => p.on('exit', (code) => { if (code) { stop(); process.exitCode = code; } }));
