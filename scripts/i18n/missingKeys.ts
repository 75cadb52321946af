// The message keys the code uses that en.json lacks: each would reach users as a bare key. Read by
// `npm run typecheck` (over the program it has just checked) and by scripts/i18n/extract.ts.
import type ts from 'typescript';
import { findMessageKeys, type FindOptions, type FoundKeys, type KeyUse } from './findMessageKeys';
import { hasKeyConstants, isBrowserFile, isServerFile } from './projectProgram';

/** Every use of each key, keys in order. */
export function usesByKey(found: FoundKeys): Map<string, KeyUse[]> {
  const byKey = new Map<string, KeyUse[]>();
  for (const use of [...found.keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))) byKey.set(use.key, [...(byKey.get(use.key) ?? []), use]);
  return byKey;
}

const APP_FILES: FindOptions = { isBrowserFile, isServerFile, hasKeyConstants };

/** The keys `files` use that `catalogue` lacks, with where each is used. */
export function missingMessageKeys(
  program: ts.Program,
  files: readonly string[],
  catalogue: Record<string, string>,
  options: FindOptions = APP_FILES,
): { key: string; uses: KeyUse[] }[] {
  const found = findMessageKeys(program, files, options);
  return [...usesByKey(found)].filter(([key]) => !(key in catalogue)).map(([key, uses]) => ({ key, uses }));
}
