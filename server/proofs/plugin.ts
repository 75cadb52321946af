// Wires the proof archive into the app (server/app.ts): the object store (OBJECT_STORE: files under
// DATA_DIR/objects or an S3-compatible bucket, unless a test hands in another adapter), the
// copy-on-arrival listener for the order-change outbox, and the daily retention job, started once the
// app is ready.
import type { FastifyInstance } from 'fastify';
import type { OrderChangeListener } from '../orders/changeOutbox';
import type { ObjectStore } from '../storage/objectStore';
import { openObjectStore } from '../storage/openObjectStore';
import { proofCopier } from './copyOnArrival';
import { fetchRemoteProof } from './remoteProof';
import { createProofRetention } from './retentionJob';

export interface ProofArchiveOptions {
  store?: ObjectStore;
  /** host:port pairs a proof URL may reach although private: a test's local courier platform, never a setting. */
  fetchAllowedPrivateHosts?: readonly string[];
}

export async function installProofArchive(app: FastifyInstance, options: ProofArchiveOptions = {}): Promise<{ copyOnArrival: OrderChangeListener }> {
  let store = options.store;
  if (store === undefined) {
    const opened = await openObjectStore(app.config.objectStore, app.config.dataDir);
    // After preClose, where the retention job and the outbox that copy proofs have stopped.
    app.addHook('onClose', async () => { opened.close(); });
    store = opened.store;
  }
  app.decorate('proofStore', store);
  const retention = createProofRetention({
    db: app.db,
    store,
    clock: app.clock,
    months: app.config.proofRetentionMonths,
    leaseMs: app.config.jobLeaseMs,
    onError: (error) => app.log.error({ err: error }, 'proof retention failure'),
  });
  app.addHook('onReady', async () => { await retention.start(); });
  app.addHook('preClose', async () => { await retention.stop(); });
  const copyOnArrival = proofCopier({
    db: app.db,
    store,
    nowS: app.clock.nowS,
    giveUpAfterS: app.config.proofFetch.giveUpAfterS,
    fetchRemote: (url) => fetchRemoteProof(url, { ...app.config.proofFetch, allowedPrivateHosts: options.fetchAllowedPrivateHosts ?? [] }),
    onSkipped: (order, kind, reason) => app.log.warn({ order_id: order.order_id, kind, reason }, 'proof not archived'),
  });
  return { copyOnArrival };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Where the proof archive keeps its files (server/storage/objectStore.ts). */
    proofStore: ObjectStore;
  }
}
