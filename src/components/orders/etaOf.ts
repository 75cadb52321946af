import { etaKind, isNearEta, type EtaKind } from '../../../domain/tracking';
import type { OrderStatus, Rider } from '../../../domain/types';

export interface Eta {
  kind: EtaKind;
  minutes: number;
  near: boolean;
}

/** The ETA the status calls for (to the vendor or to the customer), when the rider reported one. */
export function etaOf(status: OrderStatus, rider: Pick<Rider, 'eta_to_vendor_min' | 'eta_to_customer_min'> | null | undefined): Eta | null {
  const kind = etaKind(status);
  if (kind === null || !rider) return null;
  const minutes = kind === 'to-vendor' ? rider.eta_to_vendor_min : rider.eta_to_customer_min;
  if (minutes === null || minutes === undefined) return null;
  const whole = Math.max(0, Math.round(minutes));
  return { kind, minutes: whole, near: isNearEta(whole) };
}
