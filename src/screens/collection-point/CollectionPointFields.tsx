import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import { LIMITS } from '../../../domain';
import type { Vendor } from '../../../domain/types';
import type { collectionPointFormMachine } from '../../../machines';
import { PhoneInput } from '../../components/PhoneInput';
import { Select } from '../../components/Select';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { AddressPicker } from '../request/AddressPicker';
import type { RequestEffects, RequestServices } from '../request/requestMachineProvider';
import { FieldRow } from '../request/RequestSection';
import { OwnerEmails } from './OwnerEmails';

type CollectionPointActor = ActorRefFrom<typeof collectionPointFormMachine>;

interface Props {
  actor: CollectionPointActor;
  services: RequestServices;
  effects: Pick<RequestEffects, 'toast'>;
  country: string;
  parents: readonly Vendor[];
  /** Where the map looks before an address is chosen, and how close. */
  fallback: { centre: { latitude: number; longitude: number }; zoom: number };
}

/** The collection point form's fields; every change is an event to the form machine. */
export function CollectionPointFields({ actor, services, effects, country, parents, fallback }: Props) {
  const t = useT();
  const message = useMessage();
  const form = useSelector(actor, (snapshot) => snapshot.context.form);
  const errors = useSelector(actor, (snapshot) => snapshot.context.errors);
  const error = (key: string | undefined) => (key ? message(key) : null);
  const location = form.location;

  return (
    <Column>
      {parents.length > 1 && (
        <Select
          label={t('collection-point.parent')}
          value={form.parentVendorId}
          disabled={form.isEditMode}
          options={parents.map((vendor) => ({ value: vendor.vendor_id, label: vendor.name }))}
          onValueChange={(value) => actor.send({ type: 'field.changed', field: 'parentVendorId', value })}
        />
      )}
      <FieldRow>
        <TextField
          label={t('collection-point.id')}
          value={form.clientVendorId}
          readOnly={form.isEditMode}
          dir="ltr"
          onValueChange={(value) => actor.send({ type: 'field.changed', field: 'clientVendorId', value })}
          error={error(errors.clientVendorId)}
        />
        <TextField
          label={t('collection-point.label')}
          value={form.name}
          onValueChange={(value) => actor.send({ type: 'field.changed', field: 'name', value })}
          error={error(errors.name)}
        />
      </FieldRow>
      <AddressPicker
        label={t('collection-point.address')}
        services={services}
        effects={effects}
        country={country}
        vendorId={null}
        addressBookEnabled={false}
        selected={location ? { text: location.formatted_address, latitude: location.latitude, longitude: location.longitude } : null}
        fallbackCentre={fallback.centre}
        fallbackZoom={fallback.zoom}
        markerKind="pickup"
        mapZoom={LIMITS.mapZoom.collectionPointWithOutlet}
        onTyped={(text) => actor.send({ type: 'address.text.changed', text })}
        onPicked={(picked) =>
          actor.send({
            type: 'address.selected',
            location: {
              formatted_address: picked.text,
              latitude: picked.latitude,
              longitude: picked.longitude,
              city: '',
              countryCode: country,
              zipcode: '',
              street: '',
              streetNumber: '',
            },
          })
        }
        onMarkerDropped={(point) => actor.send({ type: 'marker.dragged', ...point })}
        error={error(errors.location)}
      />
      <FieldRow>
        <TextField
          label={t('request.dropoff.unit')}
          value={form.unitNo}
          onValueChange={(value) => actor.send({ type: 'field.changed', field: 'unitNo', value })}
        />
        <TextField
          label={t('request.dropoff.building')}
          value={form.building}
          onValueChange={(value) => actor.send({ type: 'field.changed', field: 'building', value })}
        />
      </FieldRow>
      <PhoneInput
        label={t('collection-point.phone')}
        country={country}
        value={form.phone}
        onValueChange={(value) => actor.send({ type: 'phone.changed', value })}
        error={error(errors.phone)}
      />
      <TextArea
        label={t('collection-point.rider-notes')}
        value={form.riderInstructions}
        onValueChange={(value) => actor.send({ type: 'field.changed', field: 'riderInstructions', value })}
      />
      <OwnerEmails
        owners={form.owners}
        errors={errors}
        onChange={(index, value) => actor.send({ type: 'owner.changed', index, value })}
        onAdd={() => actor.send({ type: 'owner.added' })}
        onRemove={(index) => actor.send({ type: 'owner.removed', index })}
      />
    </Column>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
`;
