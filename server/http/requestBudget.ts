// Each caller's request budget, in its own file with no imports: config.ts reads it from the
// environment, and the quota plugin (tenantQuota.ts) imports the database through auth.
export interface TenantQuotaOptions {
  /** Sustained requests per second per caller. */
  ratePerS: number;
  /** Requests a caller may send at once after being idle. */
  burst: number;
}

/** Far above what the app's screens do (a burst of ~15 at start, then a few per second), far below a flood. */
export const DEFAULT_TENANT_QUOTA: TenantQuotaOptions = { ratePerS: 30, burst: 150 };
