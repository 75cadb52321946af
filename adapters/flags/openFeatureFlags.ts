// Binds a PortalFlagsProvider to its own OpenFeature domain, so the app (and each test) evaluates flags
// through OpenFeature.getClient(domain) without sharing the global default provider.
import { OpenFeature, type Client } from '@openfeature/web-sdk';
import type { FlagSnapshot } from '../ports';
import { PortalFlagsProvider } from './portalFlagsProvider';

export const FLAGS_DOMAIN = 'portal-flags';

export interface FlagClient {
  provider: PortalFlagsProvider;
  client: Client;
}

/** A provider registered under `domain` and the OpenFeature client that reads it. */
export function createFlagClient(domain: string = FLAGS_DOMAIN, initial?: FlagSnapshot): FlagClient {
  const provider = new PortalFlagsProvider(initial);
  // The provider has no initialize(): OpenFeature marks it READY at once, so evaluation never waits.
  void OpenFeature.setProvider(domain, provider);
  return { provider, client: OpenFeature.getClient(domain) };
}
