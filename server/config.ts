// Server configuration from the environment (DESIGN.md "Configuration the server honours").
// Secrets not given in the environment are generated on first start and kept in
// DATA_DIR/secrets.json, so tokens and fee signatures survive a restart.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DEFAULT_PROOF_RETENTION_MONTHS } from '../domain/proofArchive';
import { ACCESS_TOKEN_TTL_S } from './auth/tokens';
import { DEFAULT_TENANT_QUOTA, type TenantQuotaOptions } from './http/requestBudget';
import { PROOF_FETCH_GIVE_UP_AFTER_S, REMOTE_PROOF_DEFAULTS } from './proofs/fetchLimits';
import type { S3Settings } from './storage/s3ObjectStore';

export interface Secrets {
  /** HS256 key for access, id, guest, GoDroid and help-centre tokens. */
  jwtSecret: string;
  /** HMAC key for delivery-fee signatures. */
  feeSigningSecret: string;
  /** HMAC key for tracking/receipt links and other opaque server tokens. */
  linkSigningSecret: string;
}

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** PostgreSQL URL for the scale-out store; unset means the embedded SQLite file. */
  databaseUrl: string | null;
  redisUrl: string | null;
  /** /ops/* routes exist only when set. */
  opsToken: string | null;
  /** METRICS_TOKEN: a bearer token that may read GET /metrics (besides the Ops token). */
  metricsToken: string | null;
  courierSimSpeed: number;
  /** Claim lease of a durable background job (ms): how long the work of a process that died waits for another. */
  jobLeaseMs: number;
  feeSignatureTtlS: number;
  /** ACCESS_TOKEN_TTL_S: life of a signed-in session's access and id tokens (s); the refresh token renews them. */
  accessTokenTtlS: number;
  /** CLOCK_OFFSET_S: seconds the server clock runs ahead of (or, negative, behind) the system clock; tests only. */
  clockOffsetS: number;
  smtpUrl: string | null;
  /** MAIL_FROM: the From header of every mail ("Name <address>"); null: the brand's (server/mail/sender.ts). */
  mailFrom: string | null;
  mapboxToken: string | null;
  mapStyleUrl: string | null;
  /** MAP_PMTILES: absolute path of a PMTiles vector extract (Protomaps basemap layers) that the server
   * serves at /map-tiles/ for street maps without a Mapbox account; null keeps the offline basemap. */
  mapPmtiles: string | null;
  /** GOOGLE_MAPS_API_KEY: a browser key (restricted by referrer at Google) for Places autocomplete,
   * used when the GoogleAutocomplete flag is on; null keeps address search on our geolocator. */
  googleMapsApiKey: string | null;
  /** Brand of this deployment; HUNGER_STATION because the reference build is Saudi Arabia. */
  brand: string;
  /** Country of this deployment (reference build SA). */
  country: string;
  seedDemo: boolean;
  /** SEED_HISTORY: three months of past orders for the demo vendor (server/db/seedHistory.ts); on in `npm start`. */
  seedHistory: boolean;
  /** Origins allowed to call the API cross-origin; empty means same origin only. */
  appOrigins: string[];
  /** Honour X-Forwarded-For (only behind a trusted proxy). */
  trustProxy: boolean;
  /** Public origin used in mailed links; defaults to http://localhost:PORT. */
  publicUrl: string;
  /** Directory of the built web app, served with SPA fallback when it exists. */
  distDir: string;
  logLevel: string;
  /** WEBHOOKS_ALLOW_LOOPBACK: webhook endpoints on 127.0.0.0/8 and ::1 (plain http too) for local
   * testing. Off unless set: in production it would let a vendor's webhook reach the server's own
   * services on loopback. `npm run dev` and the test harness turn it on. */
  webhooksAllowLoopback: boolean;
  /** REQUEST_BUDGET_PER_S and REQUEST_BUDGET_BURST: each caller's request budget (http/tenantQuota.ts).
   * The defaults suit the app's screens; a volume test or a trusted bulk integration may raise them. */
  requestBudget: TenantQuotaOptions;
  /** Recipient SMS (server/sms): the outbox by default, Twilio's Messages API with SMS_PROVIDER=twilio. */
  sms: SmsConfig;
  /** WEBHOOK_TIMEOUT_MS: how long one webhook attempt may take before it counts as failed (5000). */
  webhookTimeoutMs: number;
  /** PROOF_RETENTION_MONTHS: calendar months the proof archive keeps a proof (13); a daily job deletes older ones. */
  proofRetentionMonths: number;
  /** How a proof sent as an http(s) URL is fetched (server/proofs/remoteProof.ts, copyOnArrival.ts). */
  proofFetch: ProofFetchConfig;
  /** OBJECT_STORE: where the proof archive keeps its objects, `files` (DATA_DIR/objects) or `s3` (the S3_* settings). */
  objectStore: ObjectStoreConfig;
  secrets: Secrets;
}

export interface ProofFetchConfig {
  /** PROOF_FETCH_MAX_BYTES: the largest proof image fetched (5 MiB); a larger one is refused. */
  maxBytes: number;
  /** PROOF_FETCH_TIMEOUT_MS: the deadline of one fetch, redirects included (10000); a timeout is retried. */
  timeoutMs: number;
  /** PROOF_FETCH_MAX_REDIRECTS: redirects followed (3); 0 follows none. */
  maxRedirects: number;
  /** PROOF_FETCH_GIVE_UP_AFTER_S: seconds after the proof a host that times out or answers 5xx is still retried (900). */
  giveUpAfterS: number;
}

export type ObjectStoreConfig = { kind: 'files' } | { kind: 's3'; s3: S3Settings };

export interface SmsConfig {
  /** SMS_PROVIDER: `outbox` (files in DATA_DIR/sms-outbox, the default) or `twilio`. */
  provider: 'outbox' | 'twilio';
  /** SMS_FROM: the sender (a number in E.164 or an alphanumeric id); null: the brand's product name. */
  from: string | null;
  /** TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_API_BASE (a local fake in tests); null unless both credentials are set. */
  twilio: { accountSid: string; authToken: string; apiBase?: string } | null;
}

type Env = Record<string, string | undefined>;

const nonEmpty = (value: string | undefined): string | null => (value && value.trim() !== '' ? value.trim() : null);

const pathOrNull = (value: string | null): string | null => (value === null ? null : resolve(value));

function parseBoolean(value: string | undefined, fallback: boolean): boolean {
  const v = nonEmpty(value)?.toLowerCase();
  if (v === undefined || v === null) return fallback;
  return ['1', 'true', 'on', 'yes'].includes(v);
}

function parseNumber(name: string, value: string | undefined, fallback: number): number {
  const v = nonEmpty(value);
  if (v === null) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number, got "${v}"`);
  return n;
}

/** A whole number of at least 1 (a token life of 0 s would sign tokens that are born expired). */
function parsePositiveInteger(name: string, value: string | undefined, fallback: number): number {
  const n = parseNumber(name, value, fallback);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} must be a whole number of at least 1, got "${value ?? ''}"`);
  return n;
}

/** A whole number of 0 or more (a count where none is meaningful). */
function parseWholeNumber(name: string, value: string | undefined, fallback: number): number {
  const n = parseNumber(name, value, fallback);
  if (!Number.isInteger(n)) throw new Error(`${name} must be a whole number, got "${value ?? ''}"`);
  return n;
}

function parseSignedNumber(name: string, value: string | undefined, fallback: number): number {
  const v = nonEmpty(value);
  if (v === null) return fallback;
  const n = Number(v);
  if (!Number.isFinite(n)) throw new Error(`${name} must be a number, got "${v}"`);
  return n;
}

function loadSecrets(dataDir: string, env: Env): Secrets {
  const file = join(dataDir, 'secrets.json');
  const stored: Partial<Secrets> = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>) : {};
  const fromEnv: Partial<Secrets> = {
    jwtSecret: nonEmpty(env.JWT_SECRET) ?? undefined,
    feeSigningSecret: nonEmpty(env.FEE_SIGNING_SECRET) ?? undefined,
    linkSigningSecret: nonEmpty(env.LINK_SIGNING_SECRET) ?? undefined,
  };
  const keys: (keyof Secrets)[] = ['jwtSecret', 'feeSigningSecret', 'linkSigningSecret'];
  // Only generated secrets go to disk; secrets given in the environment stay there.
  const toStore: Partial<Secrets> = { ...stored };
  for (const key of keys) {
    if (fromEnv[key] === undefined && stored[key] === undefined) toStore[key] = randomBytes(32).toString('base64url');
  }
  if (keys.some((key) => toStore[key] !== stored[key])) writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  const pick = (key: keyof Secrets): string => fromEnv[key] ?? toStore[key] ?? '';
  return { jwtSecret: pick('jwtSecret'), feeSigningSecret: pick('feeSigningSecret'), linkSigningSecret: pick('linkSigningSecret') };
}

export function loadConfig(env: Env = process.env): Config {
  const dataDir = resolve(nonEmpty(env.DATA_DIR) ?? 'data');
  mkdirSync(dataDir, { recursive: true });
  const databaseUrl = nonEmpty(env.DATABASE_URL);
  const port = parseNumber('PORT', env.PORT, 8080);
  return {
    port,
    host: nonEmpty(env.HOST) ?? '0.0.0.0',
    dataDir,
    databaseUrl,
    redisUrl: nonEmpty(env.REDIS_URL),
    opsToken: nonEmpty(env.OPS_TOKEN),
    metricsToken: nonEmpty(env.METRICS_TOKEN),
    courierSimSpeed: parseNumber('COURIER_SIM_SPEED', env.COURIER_SIM_SPEED, 1),
    jobLeaseMs: parseNumber('JOB_LEASE_MS', env.JOB_LEASE_MS, 30_000),
    feeSignatureTtlS: parseNumber('FEE_SIGNATURE_TTL_S', env.FEE_SIGNATURE_TTL_S, 300),
    accessTokenTtlS: parsePositiveInteger('ACCESS_TOKEN_TTL_S', env.ACCESS_TOKEN_TTL_S, ACCESS_TOKEN_TTL_S),
    clockOffsetS: parseSignedNumber('CLOCK_OFFSET_S', env.CLOCK_OFFSET_S, 0),
    smtpUrl: nonEmpty(env.SMTP_URL),
    mailFrom: nonEmpty(env.MAIL_FROM),
    mapboxToken: nonEmpty(env.MAPBOX_TOKEN),
    mapStyleUrl: nonEmpty(env.MAP_STYLE_URL),
    mapPmtiles: pathOrNull(nonEmpty(env.MAP_PMTILES)),
    googleMapsApiKey: nonEmpty(env.GOOGLE_MAPS_API_KEY),
    brand: (nonEmpty(env.BRAND) ?? 'HUNGER_STATION').toUpperCase(),
    country: (nonEmpty(env.COUNTRY) ?? 'SA').toUpperCase(),
    seedDemo: parseBoolean(env.SEED_DEMO, databaseUrl === null),
    seedHistory: parseBoolean(env.SEED_HISTORY, false),
    appOrigins: (nonEmpty(env.APP_ORIGINS) ?? '').split(',').map((o) => o.trim()).filter(Boolean),
    trustProxy: parseBoolean(env.TRUST_PROXY, false),
    publicUrl: (nonEmpty(env.PUBLIC_URL) ?? `http://localhost:${port}`).replace(/\/$/, ''),
    distDir: resolve(nonEmpty(env.DIST_DIR) ?? 'dist'),
    logLevel: nonEmpty(env.LOG_LEVEL) ?? 'info',
    webhooksAllowLoopback: parseBoolean(env.WEBHOOKS_ALLOW_LOOPBACK, false),
    requestBudget: {
      ratePerS: parseNumber('REQUEST_BUDGET_PER_S', env.REQUEST_BUDGET_PER_S, DEFAULT_TENANT_QUOTA.ratePerS),
      burst: parseNumber('REQUEST_BUDGET_BURST', env.REQUEST_BUDGET_BURST, DEFAULT_TENANT_QUOTA.burst),
    },
    sms: loadSmsConfig(env),
    webhookTimeoutMs: parsePositiveInteger('WEBHOOK_TIMEOUT_MS', env.WEBHOOK_TIMEOUT_MS, 5_000),
    proofRetentionMonths: parsePositiveInteger('PROOF_RETENTION_MONTHS', env.PROOF_RETENTION_MONTHS, DEFAULT_PROOF_RETENTION_MONTHS),
    proofFetch: {
      maxBytes: parsePositiveInteger('PROOF_FETCH_MAX_BYTES', env.PROOF_FETCH_MAX_BYTES, REMOTE_PROOF_DEFAULTS.maxBytes),
      timeoutMs: parsePositiveInteger('PROOF_FETCH_TIMEOUT_MS', env.PROOF_FETCH_TIMEOUT_MS, REMOTE_PROOF_DEFAULTS.timeoutMs),
      maxRedirects: parseWholeNumber('PROOF_FETCH_MAX_REDIRECTS', env.PROOF_FETCH_MAX_REDIRECTS, REMOTE_PROOF_DEFAULTS.maxRedirects),
      giveUpAfterS: parsePositiveInteger('PROOF_FETCH_GIVE_UP_AFTER_S', env.PROOF_FETCH_GIVE_UP_AFTER_S, PROOF_FETCH_GIVE_UP_AFTER_S),
    },
    objectStore: loadObjectStoreConfig(env),
    secrets: loadSecrets(dataDir, env),
  };
}

function loadSmsConfig(env: Env): SmsConfig {
  const provider = (nonEmpty(env.SMS_PROVIDER) ?? 'outbox').toLowerCase();
  if (provider !== 'outbox' && provider !== 'twilio') throw new Error(`SMS_PROVIDER must be outbox or twilio, got "${provider}"`);
  const accountSid = nonEmpty(env.TWILIO_ACCOUNT_SID);
  const authToken = nonEmpty(env.TWILIO_AUTH_TOKEN);
  const apiBase = nonEmpty(env.TWILIO_API_BASE);
  if (provider === 'twilio' && (accountSid === null || authToken === null)) throw new Error('SMS_PROVIDER=twilio needs TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN');
  return {
    provider,
    from: nonEmpty(env.SMS_FROM),
    twilio: accountSid !== null && authToken !== null ? { accountSid, authToken, ...(apiBase ? { apiBase } : {}) } : null,
  };
}

const S3_SETTING_NAMES = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const;
/** S3's rule for bucket names (3 to 63 lower-case letters, digits, dots and hyphens, a letter or digit at each end). */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function loadObjectStoreConfig(env: Env): ObjectStoreConfig {
  const kind = (nonEmpty(env.OBJECT_STORE) ?? 'files').toLowerCase();
  if (kind !== 'files' && kind !== 's3') throw new Error(`OBJECT_STORE must be files or s3, got "${kind}"`);
  if (kind === 'files') {
    // An S3 setting without OBJECT_STORE=s3 would leave proofs on the local disk unnoticed.
    const stray = S3_SETTING_NAMES.filter((name) => nonEmpty(env[name]) !== null);
    if (stray.length > 0) throw new Error(`${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} set but OBJECT_STORE is not s3 (set OBJECT_STORE=s3, or unset them)`);
    return { kind };
  }
  const bucket = nonEmpty(env.S3_BUCKET);
  if (bucket === null) throw new Error('OBJECT_STORE=s3 needs S3_BUCKET');
  if (!BUCKET_NAME.test(bucket) || bucket.includes('..')) throw new Error(`S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got "${bucket}"`);
  const endpoint = nonEmpty(env.S3_ENDPOINT);
  if (endpoint !== null && !/^https?:$/.test(URL.parse(endpoint)?.protocol ?? '')) throw new Error(`S3_ENDPOINT must be an http(s) URL, got "${endpoint}"`);
  // AWS needs the bucket's own region; S3-compatible servers mostly ignore it.
  const region = nonEmpty(env.S3_REGION) ?? (endpoint !== null ? 'us-east-1' : null);
  if (region === null) throw new Error('OBJECT_STORE=s3 needs S3_REGION (or S3_ENDPOINT for an S3-compatible server)');
  const accessKeyId = nonEmpty(env.S3_ACCESS_KEY_ID);
  const secretAccessKey = nonEmpty(env.S3_SECRET_ACCESS_KEY);
  if ((accessKeyId === null) !== (secretAccessKey === null)) throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both, or neither for the AWS SDK\'s own credentials');
  return {
    kind,
    s3: {
      endpoint,
      region,
      bucket,
      credentials: accessKeyId !== null && secretAccessKey !== null ? { accessKeyId, secretAccessKey } : null,
      // Self-hosted servers usually answer only path-style requests; AWS prefers virtual-hosted ones.
      forcePathStyle: parseBoolean(env.S3_FORCE_PATH_STYLE, endpoint !== null),
    },
  };
}
