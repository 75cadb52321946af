import { useMemo } from 'react';
import { isOn, useFlags } from '../../app/flags/FlagsContext';
import type { OrderDetailFlags } from './OrderDetail';

/** The flags of SPEC §6 that shape the order detail. */
export function useOrderDetailFlags(): OrderDetailFlags {
  const flags = useFlags();
  return useMemo(
    () => ({
      modifyOrder: isOn(flags, 'ModifyOrderButton'),
      deliveryReceipt: isOn(flags, 'DeliveryReceiptCta'),
      proofs: { pickup: isOn(flags, 'ProofOfPickup'), delivery: isOn(flags, 'ProofOfDelivery'), return: isOn(flags, 'ProofOfReturn') },
      prepareMessage: isOn(flags, 'OrderPrepareMessage'),
      preAcceptedText: isOn(flags, 'OrderPreAcceptedStaticText'),
      trackOrderBeforePickUp: isOn(flags, 'ShowTrackOrderBeforePickUp'),
    }),
    [flags],
  );
}
