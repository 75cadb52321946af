// A TypeScript program over the app's code (browser and server), with the repository's tsconfig,
// so that the key finder can ask the type checker what a key expression can be.
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const BROWSER_DIRS = ['src', 'machines', 'domain', 'adapters'] as const;
export const SERVER_DIRS = ['server'] as const;

const SOURCE_FILE = /\.(ts|tsx)$/;
const NOT_SOURCE = /\.d\.ts$/;

function sourceFilesUnder(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((entry) => {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) return entry === 'node_modules' ? [] : sourceFilesUnder(path);
    return SOURCE_FILE.test(entry) && !NOT_SOURCE.test(entry) ? [path] : [];
  });
}

const topDir = (fileName: string) => relative(REPO_ROOT, fileName).split(sep)[0] ?? '';

export const isBrowserFile = (fileName: string) => (BROWSER_DIRS as readonly string[]).includes(topDir(fileName));
export const isServerFile = (fileName: string) => (SERVER_DIRS as readonly string[]).includes(topDir(fileName));

export const hasKeyConstants = (fileName: string) => ['src', 'machines', 'domain'].includes(topDir(fileName));

/** The app's source files (browser and server), whose message keys are checked. */
export const appSourceFiles = (root = REPO_ROOT): string[] => [...BROWSER_DIRS, ...SERVER_DIRS].flatMap((dir) => sourceFilesUnder(join(root, dir)));

/** The app's files as the program names them (its own spelling of each path). */
export const appFilesOf = (program: ts.Program, files: readonly string[]): string[] => files.map((file) => program.getSourceFile(file)?.fileName ?? file);

export function createProjectProgram(root = REPO_ROOT): { program: ts.Program; files: string[] } {
  const configPath = join(root, 'tsconfig.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  const files = appSourceFiles(root);
  const program = ts.createProgram({ rootNames: files, options: { ...(parsed?.options ?? {}), noEmit: true } });
  return { program, files: appFilesOf(program, files) };
}
