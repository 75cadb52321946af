// The remote proof fetch's limits when no setting changes them (server/config.ts reads the settings):
// a file of its own, importing nothing, so the configuration does not pull in the fetch and the copy.

/** PROOF_FETCH_TIMEOUT_MS, PROOF_FETCH_MAX_BYTES and PROOF_FETCH_MAX_REDIRECTS unset (remoteProof.ts). */
export const REMOTE_PROOF_DEFAULTS = { timeoutMs: 10_000, maxBytes: 5 * 1024 * 1024, maxRedirects: 3 } as const;

/**
 * PROOF_FETCH_GIVE_UP_AFTER_S unset: how long a proof host that times out or answers 5xx is tried
 * again. The outbox keeps an order's changes in order, so while one proof is retried that order's
 * later webhooks and recipient messages wait: after this the proof is skipped (the order keeps its
 * URL) and they go on (copyOnArrival.ts).
 */
export const PROOF_FETCH_GIVE_UP_AFTER_S = 15 * 60;
