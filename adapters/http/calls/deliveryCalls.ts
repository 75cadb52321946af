// The delivery service (API.md "hurrier"): the rider, the signed fee, the delivery area and estimations.
import type { Rider } from '../../../domain/types';
import type { DeliveryAreaVerdict, Estimations, SignedFee } from '../../ports';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function deliveryCalls({ result }: CallHelpers): AreaCalls<'delivery'> {
  return {
    getRider: (orderId) => result<Rider | null>({ service: 'hurrier', method: 'GET', path: `/riders/${segment(orderId)}` }),
    computeFee: (fee) => result<SignedFee>({ service: 'hurrier', method: 'POST', path: '/delivery/fee', body: fee }),
    validateDeliveryArea: (area) =>
      result<DeliveryAreaVerdict>({ service: 'hurrier', method: 'POST', path: '/delivery/area/validate', body: area }),
    getEstimations: (area) => result<Estimations>({ service: 'hurrier', method: 'POST', path: '/estimations', body: area }),
  };
}
