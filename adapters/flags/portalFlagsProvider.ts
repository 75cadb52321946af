// An OpenFeature web provider over our flag sources: on start and on every context change it asks the
// sources in order and keeps the first whole answer; when every source fails it serves SPEC.md §6's
// fallback values. Evaluation is then synchronous, as the web SDK's static-context paradigm wants.
import {
  ErrorCode,
  StandardResolutionReasons,
  type EvaluationContext,
  type JsonValue,
  type Provider,
  type ResolutionDetails,
} from '@openfeature/web-sdk';
import type { FlagContext, FlagSnapshot } from '../ports';
import { FALLBACK_FLAGS } from './fallbackFlags';
import type { FlagSource } from './flagSources';

export class PortalFlagsProvider implements Provider {
  readonly metadata = { name: 'portal-flags' } as const;
  readonly runsOn = 'client' as const;
  private current: FlagSnapshot = { flags: { ...FALLBACK_FLAGS }, source: 'fallback' };

  /** `sources` in the order to ask them (see orderFlagSources). */
  constructor(
    private readonly sources: readonly FlagSource[],
    private readonly onSourceFailed: (source: string, error: unknown) => void = () => {},
  ) {}

  snapshot(): FlagSnapshot {
    return { flags: { ...this.current.flags }, source: this.current.source };
  }

  async initialize(context?: EvaluationContext): Promise<void> {
    await this.refresh(context ?? {});
  }

  async onContextChange(_old: EvaluationContext, next: EvaluationContext): Promise<void> {
    await this.refresh(next);
  }

  /** Never throws: a provider in ERROR would make every evaluation fall to its call-site default. */
  async refresh(context: EvaluationContext): Promise<FlagSnapshot> {
    const flagContext = toFlagContext(context);
    for (const source of this.sources) {
      try {
        this.current = { flags: await source.fetchFlags(flagContext), source: source.name };
        return this.snapshot();
      } catch (error) {
        this.onSourceFailed(source.name, error);
      }
    }
    this.current = { flags: { ...FALLBACK_FLAGS }, source: 'fallback' };
    return this.snapshot();
  }

  resolveBooleanEvaluation(flagKey: string, defaultValue: boolean): ResolutionDetails<boolean> {
    return this.resolve(flagKey, defaultValue, (value): value is boolean => typeof value === 'boolean');
  }

  resolveStringEvaluation(flagKey: string, defaultValue: string): ResolutionDetails<string> {
    return this.resolve(flagKey, defaultValue, (value): value is string => typeof value === 'string');
  }

  resolveNumberEvaluation(flagKey: string, defaultValue: number): ResolutionDetails<number> {
    return this.resolve(flagKey, defaultValue, (value): value is number => typeof value === 'number');
  }

  /** Object and list variations (e.g. TrackingPageSettings). The SDK cannot check their shape against
   * T; callers read the fields they need defensively. */
  resolveObjectEvaluation<T extends JsonValue>(flagKey: string, defaultValue: T): ResolutionDetails<T> {
    return this.resolve(flagKey, defaultValue, (value): value is T => typeof value === 'object' && value !== null);
  }

  private resolve<T>(flagKey: string, defaultValue: T, isType: (value: unknown) => value is T): ResolutionDetails<T> {
    if (!Object.hasOwn(this.current.flags, flagKey)) {
      return { value: defaultValue, reason: StandardResolutionReasons.ERROR, errorCode: ErrorCode.FLAG_NOT_FOUND };
    }
    const value = this.current.flags[flagKey];
    if (!isType(value)) {
      return { value: defaultValue, reason: StandardResolutionReasons.ERROR, errorCode: ErrorCode.TYPE_MISMATCH };
    }
    const reason = this.current.source === 'fallback' ? StandardResolutionReasons.DEFAULT : StandardResolutionReasons.STATIC;
    return { value, reason, variant: typeof value === 'object' ? JSON.stringify(value) : String(value) };
  }
}

export function toEvaluationContext(context: FlagContext): EvaluationContext {
  return { country: context.country, brand: context.brand, vendorId: context.vendorId ?? null };
}

function toFlagContext(context: EvaluationContext): FlagContext {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  const vendorId = context.vendorId;
  return { country: text(context.country), brand: text(context.brand), vendorId: typeof vendorId === 'string' ? vendorId : null };
}
