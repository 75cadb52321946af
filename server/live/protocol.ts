// The live-update frames (API.md "Live updates"), written once as schemas in domain/api.
import { Value } from 'typebox/value';
import { LiveClientMessage } from '../../domain/api';

export type { LiveClientMessage as SubscribeMessage, LiveServerMessage as ServerMessage } from '../../domain/api';

/** Parses one client frame; null for anything that is not a subscribe request (extra keys are ignored). */
export function parseClientMessage(raw: string): LiveClientMessage | null {
  try {
    const value: unknown = JSON.parse(raw);
    if (!Value.Check(LiveClientMessage, value)) return null;
    return value.action === 'subscribeToVendor' ? { action: value.action, vendor_id: value.vendor_id } : { action: value.action };
  } catch {
    return null;
  }
}
