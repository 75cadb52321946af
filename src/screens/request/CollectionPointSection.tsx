import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import { isOutletEditable } from '../../../domain';
import type { CollectionPointForm } from '../../../domain/types';
import { isOn } from '../../app/flags/FlagsContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { useT } from '../../i18n/useT';
import { CollectionPointDialog } from '../collection-point/CollectionPointDialog';
import { collectionPointFormOf, newCollectionPointForm } from '../collection-point/collectionPointFormOf';
import { OriginAddressForm } from './OriginAddressForm';
import { RequestSection } from './RequestSection';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';

/** Collection point: where the rider collects the order, with add/edit of collection points. */
export function CollectionPointSection() {
  const t = useT();
  const { actor, services, effects, vendor, isGuest, flags } = useRequestFlow();
  const { vendors, reload } = useVendorsWithReload();
  const origin = useSelector(actor, (snapshot) => snapshot.context.origin);
  const [editing, setEditing] = useState<CollectionPointForm | null>(null);
  const close = useCallback(() => setEditing(null), []);
  const asking = useRequestTag('askingOrigin');

  const parents = vendors.filter((candidate) => candidate.is_parent);
  const parentId = vendor.is_parent ? vendor.vendor_id : vendor.parent_vendor_id;
  const canAdd = !isGuest && isOn(flags, 'AddVendorOutlet') && parents.length > 0;
  const canEdit = !isGuest && isOn(flags, 'EditVendorOutlet') && vendor.parent_vendor_id !== null && isOutletEditable(vendor.vendor_id);
  const address = [origin?.unit, origin?.building, origin?.streetAddress].filter(Boolean).join(', ');

  return (
    <RequestSection
      id="request-collection"
      title={t('request.collection.title')}
      subtitle={asking ? undefined : isGuest ? address : `${vendor.name}${address ? ` · ${address}` : ''}`}
      actions={
        !asking && (
          <>
            {canEdit && (
              <Button variant="ghost" onClick={() => setEditing(collectionPointFormOf(vendor))}>
                {t('request.collection.edit')}
              </Button>
            )}
            {canAdd && (
              <Button variant="secondary" onClick={() => setEditing(newCollectionPointForm(parentId ?? parents[0]!.vendor_id))}>
                {t('request.collection.add')}
              </Button>
            )}
          </>
        )
      }
    >
      {asking && <OriginAddressForm />}
      {editing && (
        <CollectionPointDialog
          services={services}
          effects={effects}
          form={editing}
          parents={parents}
          onClose={close}
          onSaved={reload}
        />
      )}
    </RequestSection>
  );
}

/** The vendor list, reloaded after a collection point is saved so the new one can be chosen. */
function useVendorsWithReload() {
  const vendorsApi = useVendors();
  const reload = useCallback(() => (vendorsApi as { reload?: () => void }).reload?.(), [vendorsApi]);
  return { vendors: vendorsApi.vendors, reload };
}
