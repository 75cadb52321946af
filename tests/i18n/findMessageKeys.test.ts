import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { findMessageKeys } from '../../scripts/i18n/findMessageKeys';
import { missingMessageKeys } from '../../scripts/i18n/missingKeys';

// A small project on disk: a screen, a domain rule, a machine's toast and a server route.
const root = mkdtempSync(join(tmpdir(), 'i18n-keys-'));
const files: Record<string, string> = {
  'domain/rules.ts': `
    export const FORM_MESSAGES = { fillName: 'validation.fill-name', fillEmail: 'validation.fill-email' } as const;
    export const FIELD_OF_MESSAGE = { name: 'destinationName' };
    export type Status = 'NEW' | 'DELIVERED';`,
  'machines/toasts.ts': `
    export interface ToastParams { kind: 'error' | 'info'; message: string }
    const LOG_LINE = 'not a key';
    export const saved: ToastParams = { kind: 'info', message: 'Address saved' };
    export const logged = { message: LOG_LINE };`,
  'src/Screen.tsx': `
    import type { Status } from '../domain/rules';
    declare function t(key: string, values?: Record<string, unknown>): string;
    declare function message(keyOrText: string): string;
    declare const intl: { formatMessage(descriptor: { id: string }): string };
    declare const serverError: string;
    export function render(status: Status, near: boolean, list: 'active' | 'past') {
      return [
        t('nav.home'),
        t(near ? 'eta.near' : 'eta.far'),
        t(\`order-status.\${status}\`),
        t(\`tracking.list.\${list}\${near ? '.near' : ''}\`),
        intl.formatMessage({ id: 'common.close' }),
        message(serverError),
        message(\`auth.\${serverError}\`),
        \`orders.\${list === 'active' ? 'csv' : 'xlsx'}\`,
      ];
    }`,
  'server/route.ts': `
    class ApiError extends Error { constructor(public status: number, key: string) { super(key); } }
    const forbidden = (key = 'error.forbidden') => new ApiError(403, key);
    export function guard(ok: boolean) {
      if (!ok) throw new ApiError(422, 'register.error.wrong-email');
      if (ok) throw new ApiError(401, 'NotAuthorizedException');
      if (ok) throw new ApiError(422, 'SignatureExpired');
      return forbidden();
    }`,
};
for (const [path, text] of Object.entries(files)) {
  mkdirSync(join(root, path, '..'), { recursive: true });
  writeFileSync(join(root, path), text);
}
afterAll(() => rmSync(root, { recursive: true, force: true }));

const fileNames = Object.keys(files).map((path) => join(root, path));
const program = ts.createProgram({ rootNames: fileNames, options: { strict: true, jsx: ts.JsxEmit.ReactJSX, noEmit: true, skipLibCheck: true } });
const under = (...dirs: string[]) => (fileName: string) => dirs.some((dir) => fileName.startsWith(join(root, dir)));
const fixtureFiles = {
  isBrowserFile: under('src', 'domain', 'machines'),
  isServerFile: under('server'),
  hasKeyConstants: under('src', 'domain', 'machines'),
};
const found = findMessageKeys(program, fileNames, fixtureFiles);
const keys = new Set(found.keys.map((use) => use.key));

describe('findMessageKeys', () => {
  it('finds literal keys passed to t() and formatMessage({id})', () => {
    expect(keys).toContain('nav.home');
    expect(keys).toContain('common.close');
  });

  it('expands conditionals and templates over literal union types', () => {
    for (const key of ['eta.near', 'eta.far', 'order-status.NEW', 'order-status.DELIVERED', 'tracking.list.active', 'tracking.list.past.near']) expect(keys).toContain(key);
  });

  it('reads domain message tables and toast messages, not field tables or log lines', () => {
    expect(keys).toContain('validation.fill-name');
    expect(keys).toContain('validation.fill-email');
    expect(keys).toContain('Address saved');
    expect(keys).not.toContain('destinationName');
    expect(keys).not.toContain('not a key');
  });

  it('reads the server error keys, and shows identity-provider codes as auth.{code}', () => {
    expect(keys).toContain('register.error.wrong-email');
    expect(keys).toContain('error.forbidden');
    expect(keys).toContain('auth.NotAuthorizedException');
    expect(keys).not.toContain('NotAuthorizedException');
    expect(keys).not.toContain('SignatureExpired');
  });

  it('ignores file names built like keys', () => {
    expect(keys).not.toContain('orders.csv');
  });

  it('reports what is known only at run time as dynamic, with a pattern', () => {
    const patterns = found.dynamic.map((use) => use.pattern);
    expect(patterns).toContain('serverError');
    expect(patterns).toContain('auth.*');
  });
});

// `npm run typecheck` runs this over the app after checking it (scripts/typecheck.ts) and fails on any.
describe('missingMessageKeys', () => {
  it('answers each key the code uses that the catalogue lacks, once, with every place that uses it', () => {
    const catalogue = Object.fromEntries([...keys].filter((key) => key !== 'nav.home' && key !== 'error.forbidden').map((key) => [key, key]));
    const missing = missingMessageKeys(program, fileNames, catalogue, fixtureFiles);
    expect(missing.map(({ key, uses }) => ({ key, at: uses.map((use) => `${use.file.slice(root.length + 1)}:${use.line}`) }))).toEqual([
      { key: 'error.forbidden', at: ['server/route.ts:3'] },
      { key: 'nav.home', at: ['src/Screen.tsx:9'] },
    ]);
  });

  it('answers nothing when the catalogue has every key', () => {
    expect(missingMessageKeys(program, fileNames, Object.fromEntries([...keys].map((key) => [key, key])), fixtureFiles)).toEqual([]);
  });
});
