// The OpenFeature web provider the app evaluates flags through. It does not fetch: the featureFlags
// machine owns the flow of SPEC.md §7 (provider order, 2 s timeout, fallback, polling) and publishes
// each resolved map here. Evaluation is synchronous, as the web SDK's static-context paradigm wants, and
// each publication emits ConfigurationChanged so OpenFeature-aware code can re-read.
import {
  ErrorCode,
  OpenFeatureEventEmitter,
  ProviderEvents,
  StandardResolutionReasons,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/web-sdk';
import type { FlagMap, FlagSnapshot } from '../ports';
import { FALLBACK_FLAGS } from './fallbackFlags';
import { booleanVariation, objectVariation } from './flagValues';

export class PortalFlagsProvider implements Provider {
  readonly metadata = { name: 'portal-flags' } as const;
  readonly runsOn = 'client' as const;
  readonly events = new OpenFeatureEventEmitter();
  private current: FlagSnapshot;

  constructor(initial: FlagSnapshot = { flags: { ...FALLBACK_FLAGS }, source: 'fallback' }) {
    this.current = initial;
  }

  snapshot(): FlagSnapshot {
    return { flags: { ...this.current.flags }, source: this.current.source };
  }

  /** The machine's latest resolved flags; evaluations answer from them at once. */
  publish(snapshot: FlagSnapshot): void {
    const changed = Object.keys({ ...this.current.flags, ...snapshot.flags }).filter(
      (name) => JSON.stringify(this.current.flags[name]) !== JSON.stringify(snapshot.flags[name]),
    );
    this.current = { flags: { ...snapshot.flags }, source: snapshot.source };
    if (changed.length > 0) this.events.emit(ProviderEvents.ConfigurationChanged, { flagsChanged: changed });
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    return this.resolve(flagKey, defaultValue, booleanVariation, isBoolean);
  }

  resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails<string> {
    return this.resolve(flagKey, defaultValue, (value) => value, (value): value is string => typeof value === 'string');
  }

  resolveNumberEvaluation(flagKey: string, defaultValue: number): ResolutionDetails<number> {
    return this.resolve(flagKey, defaultValue, (value) => value, (value): value is number => typeof value === 'number');
  }

  /** Object and list variations (e.g. TrackingPageSettings). The SDK cannot check their shape against
   * T; callers read the fields they need defensively. */
  resolveObjectEvaluation<T extends JsonValue>(flagKey: string, defaultValue: T): ResolutionDetails<T> {
    return this.resolve(flagKey, defaultValue, objectVariation, (value): value is T => value !== undefined);
  }

  private resolve<T>(flagKey: string, defaultValue: T, read: (value: FlagMap[string]) => unknown, isType: (value: unknown) => value is T): ResolutionDetails<T> {
    if (!Object.hasOwn(this.current.flags, flagKey)) {
      return { value: defaultValue, reason: StandardResolutionReasons.ERROR, errorCode: ErrorCode.FLAG_NOT_FOUND };
    }
    const value = read(this.current.flags[flagKey]);
    if (!isType(value)) {
      return { value: defaultValue, reason: StandardResolutionReasons.ERROR, errorCode: ErrorCode.TYPE_MISMATCH };
    }
    const reason = this.current.source === 'fallback' ? StandardResolutionReasons.DEFAULT : StandardResolutionReasons.STATIC;
    return { value, reason, variant: typeof value === 'object' ? JSON.stringify(value) : String(value) };
  }
}

function isBoolean(value: unknown): value is boolean {
  return typeof value === 'boolean';
}
