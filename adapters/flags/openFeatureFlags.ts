// The FlagProvider port on the OpenFeature web SDK. The provider is bound to its own OpenFeature
// domain so the app (or a test) can evaluate flags through OpenFeature.getClient(FLAGS_DOMAIN).
import { OpenFeature } from '@openfeature/web-sdk';
import type { ApiClient, FlagProvider, FlagSourceName } from '../ports';
import { fileFlagSource, orderFlagSources, serverFlagSource, type FlagSource } from './flagSources';
import { PortalFlagsProvider, toEvaluationContext } from './portalFlagsProvider';

export const FLAGS_DOMAIN = 'portal-flags';

export interface FlagProviderOptions {
  /** Provider order from configuration; the fallback file is always appended last. */
  order: readonly FlagSourceName[];
  sources: readonly FlagSource[];
  domain?: string;
  onSourceFailed?: (source: string, error: unknown) => void;
}

export function createFlagProvider(options: FlagProviderOptions): FlagProvider & { provider: PortalFlagsProvider } {
  const domain = options.domain ?? FLAGS_DOMAIN;
  const provider = new PortalFlagsProvider(orderFlagSources(options.sources, options.order), options.onSourceFailed);
  let registered = false;
  let lastContext = '';

  return {
    provider,
    async load(context) {
      const evaluationContext = toEvaluationContext(context);
      const contextKey = JSON.stringify(evaluationContext);
      if (!registered) {
        registered = true;
        // initialize() fetches with this context.
        await OpenFeature.setProviderAndWait(domain, provider, evaluationContext);
      } else if (contextKey !== lastContext) {
        // onContextChange fetches with the new context.
        await OpenFeature.setContext(domain, evaluationContext);
      } else {
        // A poll with an unchanged context: the SDK would not call the provider, so fetch directly.
        await provider.refresh(evaluationContext);
      }
      lastContext = contextKey;
      return provider.snapshot();
    },
  };
}

/** The app's flag provider: the server's flag service and /flags.json. */
export function createPortalFlagProvider(api: Pick<ApiClient, 'getFlags'>, appOrigin: string, order: readonly FlagSourceName[] = ['server']) {
  return createFlagProvider({ order, sources: [serverFlagSource(api), fileFlagSource(appOrigin)] });
}
