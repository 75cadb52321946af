// Where the catalogues live and how they are read and written (flat {"key": "ICU message"} JSON).
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Locale } from '../../domain/locales';

export type Catalogue = Record<string, string>;

export const LOCALES_DIR = fileURLToPath(new URL('../../public/locales/', import.meta.url));

export const cataloguePath = (locale: Locale | string) => `${LOCALES_DIR}${locale}.json`;

export function catalogueExists(locale: Locale): boolean {
  return existsSync(cataloguePath(locale));
}

export function readCatalogue(locale: Locale | string): Catalogue {
  const parsed: unknown = JSON.parse(readFileSync(cataloguePath(locale), 'utf8'));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${locale}.json is not a JSON object`);
  const entries = Object.entries(parsed);
  const notText = entries.filter(([, value]) => typeof value !== 'string').map(([key]) => key);
  if (notText.length > 0) throw new Error(`${locale}.json has non-text values for ${notText.join(', ')}`);
  return Object.fromEntries(entries) as Catalogue;
}

/** Writes the catalogue in the English catalogue's key order, so diffs line up across languages. */
export function writeCatalogue(locale: Locale, catalogue: Catalogue, keyOrder: readonly string[]): void {
  const ordered: Catalogue = {};
  for (const key of keyOrder) if (key in catalogue) ordered[key] = catalogue[key] as string;
  for (const key of Object.keys(catalogue)) if (!(key in ordered)) ordered[key] = catalogue[key] as string;
  writeFileSync(cataloguePath(locale), `${JSON.stringify(ordered, null, 2)}\n`);
}
