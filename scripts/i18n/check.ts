// Checks the catalogues against en.json (exit 1 on a problem).
// Run: npx tsx scripts/i18n/check.ts [locale...]   (all of LOCALES when none is given)
import { isSupportedLocale } from '../../domain/locales';
import { checkAllCatalogues } from './checkCatalogue';

const requested = process.argv.slice(2);
const unknown = requested.filter((locale) => !isSupportedLocale(locale));
if (unknown.length > 0) throw new Error(`Not in LOCALES: ${unknown.join(', ')}`);

const problems = checkAllCatalogues().filter((problem) => requested.length === 0 || requested.includes(problem.locale));
for (const { locale, key, problem } of problems) console.log(`${locale}${key === null ? '' : ` ${key}`}: ${problem}`);
const locales = new Set(problems.map((problem) => problem.locale));
console.log(problems.length === 0 ? 'All catalogues match en.json.' : `${problems.length} problems in ${locales.size} catalogues.`);
process.exitCode = problems.length === 0 ? 0 : 1;
