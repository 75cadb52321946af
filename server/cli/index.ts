// Operator CLI against the configured store (same env as the server):
//   tsx server/cli/index.ts flags set NAME VARIATION [--country SA] [--brand TALABAT] [--vendor ID]
//   tsx server/cli/index.ts flags list [--country SA] [--brand B] [--vendor ID]
//   tsx server/cli/index.ts params set NAME VALUE [--country SA] [--vendor ID]
//   tsx server/cli/index.ts godroid-token VENDOR_ID
// VARIATION is JSON (true, false, "text", {"a":1}); anything that is not JSON is taken as text.
import { parseArgs } from 'node:util';
import { createClock } from '../clock/clock';
import { loadConfig } from '../config';
import { createDb } from '../db/connect';
import { migrateToLatest } from '../db/migrations';
import { isFlagName, type FlagVariation } from '../flags/flag-defaults';
import { createFlagService } from '../flags/flag-service';
import { isCountryParameterName, parameterProblem, setCountryParameter } from '../flags/country-parameters';
import { mintGodroidToken } from '../routes/ops-admin';

const USAGE = `usage:
  flags set NAME VARIATION [--country CC] [--brand BRAND] [--vendor ID]
  flags list [--country CC] [--brand BRAND] [--vendor ID]
  params set NAME VALUE [--country CC] [--vendor ID]
  godroid-token VENDOR_ID`;

function parseVariation(text: string): FlagVariation {
  try {
    return JSON.parse(text) as FlagVariation;
  } catch {
    return text;
  }
}

async function run(argv: string[]): Promise<string> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { country: { type: 'string' }, brand: { type: 'string' }, vendor: { type: 'string' } },
  });
  const [command, sub, name, value] = positionals;
  const config = loadConfig();
  const db = createDb(config);
  const clock = createClock(config.clockOffsetS);
  try {
    await migrateToLatest(db);
    const nowS = clock.nowS();
    if (command === 'flags' && sub === 'set' && name && value !== undefined) {
      if (!isFlagName(name)) throw new Error(`unknown flag ${name}`);
      await createFlagService(db).set(name, { variation: parseVariation(value), country: values.country ?? null, brand: values.brand ?? null, vendorId: values.vendor ?? null }, nowS);
      return `${name} = ${value}`;
    }
    if (command === 'flags' && sub === 'list') {
      const flags = await createFlagService(db).evaluateAll({ country: values.country ?? config.country, brand: values.brand ?? config.brand, vendorId: values.vendor ?? null });
      return JSON.stringify(flags, null, 2);
    }
    if (command === 'params' && sub === 'set' && name && value !== undefined) {
      if (!isCountryParameterName(name)) throw new Error(`unknown country parameter ${name}`);
      const problem = parameterProblem(name, value);
      if (problem) throw new Error(`${name}: ${problem}`);
      await setCountryParameter(db, name, value, { country: values.country ?? null, vendorId: values.vendor ?? null });
      return `${name} = ${value}`;
    }
    if (command === 'godroid-token' && sub) {
      const vendor = await db.selectFrom('vendors').select('vendor_id').where('vendor_id', '=', sub).executeTakeFirst();
      if (!vendor) throw new Error(`unknown vendor ${sub}`);
      return mintGodroidToken(config.secrets.jwtSecret, sub, clock.nowS());
    }
    throw new Error(USAGE);
  } finally {
    await db.destroy();
  }
}

run(process.argv.slice(2)).then((output) => console.log(output), (error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
