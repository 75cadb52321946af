// Writes the translators' review page for one language: npm run i18n:review -- <locale>
// Output: test-results/i18n-review/<locale>.html (screenshots are linked from test-results/, so run
// the end-to-end tests first to see them).
import { mkdirSync, readdirSync, existsSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { isRtl, isSupportedLocale } from '../../domain/locales';
import { readCatalogue } from './catalogueFiles';
import { checkCatalogue } from './checkCatalogue';
import { readDescriptions } from './descriptions';
import { readGlossary } from './glossary';
import { reviewPageHtml, reviewRows } from './reviewPage';

const locale = process.argv[2];
if (!locale || !isSupportedLocale(locale)) throw new Error('Usage: npm run i18n:review -- <locale> (one of LOCALES, e.g. ur)');

const outDir = join(process.cwd(), 'test-results', 'i18n-review');
const screenshotDirs = ['screenshots', 'brands'].map((dir) => join(process.cwd(), 'test-results', dir)).filter((dir) => existsSync(dir));
const screenshots = screenshotDirs.flatMap((dir) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.png'))
    .map((file) => relative(outDir, join(dir, file))),
);

const english = readCatalogue('en');
const catalogue = readCatalogue(locale);
const problemsByKey = new Map<string, string[]>();
for (const { key, problem } of checkCatalogue(locale, english, catalogue)) {
  const glossaryKey = /^glossary: ([^:]+):/.exec(problem)?.[1];
  const owner = key ?? glossaryKey ?? '';
  problemsByKey.set(owner, [...(problemsByKey.get(owner) ?? []), problem]);
}
const glossary = readGlossary(locale);
const rows = reviewRows({ locale, english, catalogue, descriptions: readDescriptions(), glossary, problemsByKey, screenshots });
mkdirSync(outDir, { recursive: true });
const file = join(outDir, `${locale}.html`);
writeFileSync(file, reviewPageHtml(locale, isRtl(locale) ? 'rtl' : 'ltr', rows, glossary));
console.log(`${file}: ${rows.length} messages, ${screenshots.length} screenshots found`);
