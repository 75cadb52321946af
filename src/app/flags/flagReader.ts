// How views read flags: through the OpenFeature client the feature-flag machine's answers are published
// to (adapters/flags/portalFlagsProvider.ts). A new reader per publication lets React re-render readers.
import type { Client } from '@openfeature/web-sdk';
import type { FlagJson, FlagMap } from '../../../adapters/ports';
import { createFlagClient } from '../../../adapters/flags/openFeatureFlags';

export interface FlagReader {
  /** On when its variation is true (or the word 'true' / 'on'); off when missing or of another type. */
  isOn(name: string): boolean;
  /** An object variation (e.g. TrackingPageSettings); an empty object when missing or not an object. */
  object(name: string): Readonly<Record<string, FlagJson | undefined>>;
}

export function flagReaderOf(client: Client): FlagReader {
  return {
    isOn: (name) => client.getBooleanValue(name, false),
    object: (name) => {
      const value = client.getObjectValue<Record<string, FlagJson>>(name, {});
      return Array.isArray(value) ? {} : value;
    },
  };
}

let staticDomains = 0;

/** A reader over a fixed flag map, on its own OpenFeature domain (stories, tests, static pages). */
export function staticFlagReader(flags: FlagMap): FlagReader {
  const { client } = createFlagClient(`portal-flags-static-${++staticDomains}`, { flags, source: 'server' });
  return flagReaderOf(client);
}
