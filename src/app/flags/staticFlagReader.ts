// A reader over a fixed flag map through OpenFeature, for stories, tests and static pages: the same
// provider the app's flag root publishes to, on an OpenFeature domain of its own.
import type { FlagMap } from '../../../adapters/ports';
import { createFlagClient } from '../../../adapters/flags/openFeatureFlags';
import { flagReaderOf, type FlagReader } from './flagReader';

let staticDomains = 0;

export function staticFlagReader(flags: FlagMap): FlagReader {
  const { client } = createFlagClient(`portal-flags-static-${++staticDomains}`, { flags, source: 'server' });
  return flagReaderOf(client);
}
