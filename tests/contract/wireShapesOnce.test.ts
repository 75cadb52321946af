// "No wire shape declared twice" (issue: one contract, written once): every schema of domain/api is
// the only declaration of its name; anywhere else that name may only be imported or re-exported.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as wireSchemas from '../../domain/api';

const ROOT = join(import.meta.dirname, '../..');
const SOURCE_DIRS = ['domain', 'adapters', 'machines', 'server', 'src', 'stories', 'scripts', 'bench'];
const SCHEMA_HOME = 'domain/api/';

/**
 * Second declarations still to remove, with the reason. Shrinks only: the test fails when one of
 * these is gone, so that it is taken off.
 */
const KNOWN_DUPLICATES: Record<string, string> = {};

/** Names the schemas export: objects (schemas), not the helper functions (Result, Body...). */
const schemaNames = new Set(Object.entries(wireSchemas).filter(([, value]) => typeof value === 'object').map(([name]) => name));

/** `interface X`, `type X =`, `class X`, `enum X` and `const X` at any depth whose name is in `names`. */
export function declarationsNamed(fileName: string, text: string, names: ReadonlySet<string>): string[] {
  // Parse only the files that could declare one of the names (a fast text check first).
  if (![...names].some((name) => new RegExp(`\\b(interface|type|class|enum|const|let|var)\\s+${name}\\b`).test(text))) return [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isInterfaceDeclaration(node) || ts.isTypeAliasDeclaration(node) || ts.isClassDeclaration(node) || ts.isEnumDeclaration(node) || ts.isVariableDeclaration(node))
      && node.name && ts.isIdentifier(node.name) && names.has(node.name.text)) {
      found.push(node.name.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe('wire shapes are declared once, in domain/api', () => {
  it('finds a second declaration of a schema name (the check can fail)', () => {
    const names = new Set(['SignedFee', 'AddressBookEntry']);
    const text = "export interface SignedFee { amount: number }\ntype AddressBookEntry = { id: string };\nexport type { SignedFee as Fee } from '../domain/api';\nimport type { AddressBookEntry as Entry } from 'x';";
    expect(declarationsNamed('sample.ts', text, names)).toEqual(['SignedFee', 'AddressBookEntry']);
  });

  it('has schemas to guard', () => {
    expect([...schemaNames]).toEqual(expect.arrayContaining(['AddressBookEntry', 'SignedFee', 'LiveServerMessage', 'ApiErrorBody']));
  });

  it('declares no schema name a second time outside domain/api', () => {
    const duplicates = SOURCE_DIRS.flatMap(sourceFiles)
      // A story file's exports are CSF story names (Storybook makes their ids from them, e.g. Flows/BulkJob), not shapes.
      .filter((file) => !file.startsWith(SCHEMA_HOME) && !file.endsWith('.stories.tsx'))
      .flatMap((file) => declarationsNamed(file, readFileSync(join(ROOT, file), 'utf8'), schemaNames).map((name) => `${file} ${name}`));
    expect(duplicates.filter((duplicate) => !(duplicate in KNOWN_DUPLICATES))).toEqual([]);
    expect(Object.keys(KNOWN_DUPLICATES).filter((known) => !duplicates.includes(known)), 'gone: take it off KNOWN_DUPLICATES').toEqual([]);
  });
});
