import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { IntlMessageFormat } from 'intl-messageformat';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../domain/account';
import { COLLECTION_POINT_MESSAGES } from '../../domain/collectionPoint';
import { ORDER_FORM_MESSAGES } from '../../domain/orderForm';
import { DISCONNECTED_MESSAGE } from '../../machines/session';
import { catalogue } from './renderApp';

/** A sample value for every argument a message declares (numbers for plural/number, a function for tags). */
function sampleValues(ast: MessageFormatElement[], values: Record<string, unknown> = {}): Record<string, unknown> {
  for (const element of ast) {
    if (element.type === TYPE.argument || element.type === TYPE.select) values[element.value] ??= 'x';
    if (element.type === TYPE.number || element.type === TYPE.plural) values[element.value] = 1;
    if (element.type === TYPE.date || element.type === TYPE.time) values[element.value] = new Date(0);
    if (element.type === TYPE.tag) {
      values[element.value] = (chunks: unknown) => chunks;
      sampleValues(element.children, values);
    }
    if (element.type === TYPE.select || element.type === TYPE.plural) {
      for (const option of Object.values(element.options)) sampleValues(option.value, values);
    }
  }
  return values;
}

const en = catalogue('en');
const ar = catalogue('ar-SA');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** The frame's own files; screens and components other engineers build add their keys themselves. */
const FRAME = ['app/', 'i18n/', 'shell/', 'theme/', 'components/toast/', 'screens/landing/', 'screens/login/', 'screens/register/', 'screens/forgot-password/', 'screens/terms/', 'screens/faq/', 'screens/prohibited-items/', 'screens/not-found/', 'screens/maintenance/'];
const FRAME_COMPONENTS = /^components\/[A-Za-z]+\.tsx$/;

/** Keys passed literally to t(...) in the frame's files. */
function keysUsedInSource(): string[] {
  const used = new Set<string>();
  const root = join(__dirname, '../../src');
  const frameFiles = sourceFiles(root).filter((file) => {
    const relative = file.slice(root.length + 1);
    return FRAME.some((dir) => relative.startsWith(dir)) || FRAME_COMPONENTS.test(relative);
  });
  for (const file of frameFiles) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) used.add(match[1]!);
  }
  return [...used];
}

describe('translation catalogues (public/locales)', () => {
  it('en and ar-SA hold exactly the same keys', () => {
    expect(Object.keys(ar).sort()).toEqual(Object.keys(en).sort());
  });

  it('has every key the app passes to t()', () => {
    const missing = keysUsedInSource().filter((key) => !(key in en));
    expect(missing).toEqual([]);
  });

  it.each([
    ['order form', Object.values(ORDER_FORM_MESSAGES)],
    ['password', Object.values(PASSWORD_MESSAGES)],
    ['collection point', Object.values(COLLECTION_POINT_MESSAGES)],
  ])('covers the domain %s message keys', (_, keys) => {
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });

  it('carries the texts SPEC quotes', () => {
    expect(en['validation.phone-incorrect']).toBe("The phone number doesn't seem correct");
    expect(en['error.app-load-failed']).toBe('Could not load the application. Please check your internet connection and try again');
    expect(en[DISCONNECTED_MESSAGE]).toBe('You are now disconnected.');
    expect(ar[DISCONNECTED_MESSAGE]).not.toBe(DISCONNECTED_MESSAGE);
  });

  it.each(['en', 'ar-SA'])('every %s message is valid ICU and formats with the values it declares', (locale) => {
    const messages = locale === 'en' ? en : ar;
    for (const [key, message] of Object.entries(messages)) {
      const format = new IntlMessageFormat(message, locale);
      const formatted = format.format(sampleValues(format.getAst()));
      expect(typeof formatted, key).toBe('string');
    }
  });

  it('translates into Arabic rather than copying English', () => {
    // Placeholders are not words: "{when}: {reason}" is the same in every language.
    const copied = Object.keys(en).filter((key) => en[key] === ar[key] && /[a-z]{3}/i.test(en[key]!.replace(/\{[a-z_]+\}/gi, '')));
    expect(copied).toEqual([]);
  });
});
