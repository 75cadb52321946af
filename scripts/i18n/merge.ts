// Merges translated batches back into the catalogues: the input has the shape missing.ts prints,
// {"fr": {"key": "message"}, ...}. Each message is checked against English before it is written.
// Run: npx tsx scripts/i18n/merge.ts batch.json
import { readFileSync } from 'node:fs';
import { isSupportedLocale } from '../../domain/locales';
import { catalogueExists, readCatalogue, writeCatalogue } from './catalogueFiles';
import { compareMessage } from './compareMessage';

const [batchPath] = process.argv.slice(2);
if (!batchPath) throw new Error('Usage: npx tsx scripts/i18n/merge.ts batch.json');
const batch = JSON.parse(readFileSync(batchPath, 'utf8')) as Record<string, Record<string, string>>;
const english = readCatalogue('en');
const keyOrder = Object.keys(english);
let rejected = 0;

for (const [locale, messages] of Object.entries(batch)) {
  if (!isSupportedLocale(locale) || locale === 'en') throw new Error(`Not a translatable locale: ${locale}`);
  const catalogue = catalogueExists(locale) ? readCatalogue(locale) : {};
  for (const [key, message] of Object.entries(messages)) {
    const source = english[key];
    const problems = source === undefined ? ['not in en.json'] : compareMessage(locale, source, message);
    if (problems.length > 0) {
      rejected += 1;
      console.log(`${locale} ${key}: ${problems.join('; ')}`);
      continue;
    }
    catalogue[key] = message;
  }
  writeCatalogue(locale, catalogue, keyOrder);
}
console.log(rejected === 0 ? 'Merged.' : `Merged, except ${rejected} rejected messages.`);
process.exitCode = rejected === 0 ? 0 : 1;
