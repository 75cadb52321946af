// `npm run typecheck`: TypeScript over tsconfig.json (incremental, as `tsc --noEmit --incremental`
// was), then, over the same checked program, the message keys the app uses that en.json lacks. One
// program for both: the key walk asks the type checker what each key expression can be, and on its own
// program it cost about 25 s of CPU more per run (parsing and checking the app again).
import { mkdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import ts from 'typescript';
import { readCatalogue } from './i18n/catalogueFiles';
import { missingMessageKeys } from './i18n/missingKeys';
import { appFilesOf, appSourceFiles, REPO_ROOT } from './i18n/projectProgram';

const BUILD_INFO = join(REPO_ROOT, 'node_modules', '.cache', 'tsc', 'tsconfig.tsbuildinfo');

const reportHost: ts.FormatDiagnosticsHost = {
  getCanonicalFileName: (fileName) => fileName,
  getCurrentDirectory: () => REPO_ROOT,
  getNewLine: () => '\n',
};

const parsed = ts.getParsedCommandLineOfConfigFile(join(REPO_ROOT, 'tsconfig.json'), { incremental: true, tsBuildInfoFile: BUILD_INFO }, {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
  },
});
if (!parsed) throw new Error('tsconfig.json could not be read');

mkdirSync(dirname(BUILD_INFO), { recursive: true });
const builder = ts.createIncrementalProgram({ rootNames: parsed.fileNames, options: parsed.options, configFileParsingDiagnostics: parsed.errors });
const diagnostics = ts.sortAndDeduplicateDiagnostics([
  ...builder.getConfigFileParsingDiagnostics(),
  ...builder.getOptionsDiagnostics(),
  ...builder.getGlobalDiagnostics(),
  ...builder.getSyntacticDiagnostics(),
  ...builder.getSemanticDiagnostics(),
]);
// With noEmit this writes only the build info, which the next run starts from.
builder.emit();
if (diagnostics.length > 0) {
  process.stdout.write(ts.formatDiagnosticsWithColorAndContext(diagnostics, reportHost));
  console.log(`\nFound ${diagnostics.length} TypeScript error${diagnostics.length === 1 ? '' : 's'}.`);
}

const program = builder.getProgram();
const missing = missingMessageKeys(program, appFilesOf(program, appSourceFiles()), readCatalogue('en'));
if (missing.length > 0) {
  console.log(`\n${missing.length} message key${missing.length === 1 ? '' : 's'} used in code but absent from en.json (users would see the bare key):`);
  for (const { key, uses } of missing) console.log(`  ${key}  (${uses.map((use) => `${relative(REPO_ROOT, use.file)}:${use.line}`).join(', ')})`);
}
process.exitCode = diagnostics.length > 0 || missing.length > 0 ? 1 : 0;
