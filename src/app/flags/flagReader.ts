// How views read flags: through the OpenFeature client the feature-flag machine's answers are published
// to (adapters/flags/portalFlagsProvider.ts). A new reader per publication lets React re-render readers.
import type { Client } from '@openfeature/web-sdk';
import { FALLBACK_FLAGS } from '../../../adapters/flags/fallbackFlags';
import { booleanVariation, objectVariation } from '../../../adapters/flags/flagValues';
import type { FlagJson } from '../../../adapters/ports';

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

/**
 * The SPEC §6 fallback values outside any flag root, read by the same rules as the OpenFeature provider
 * (adapters/flags/flagValues.ts) but without the SDK, which loads with the first flag answer.
 */
export const fallbackFlagReader: FlagReader = {
  isOn: (name) => booleanVariation(FALLBACK_FLAGS[name]) ?? false,
  object: (name) => {
    const value = objectVariation(FALLBACK_FLAGS[name]);
    return value === undefined || Array.isArray(value) ? {} : value;
  },
};
