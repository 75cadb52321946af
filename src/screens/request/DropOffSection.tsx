import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { countryConfig } from '../../../domain/countries';
import { isOn } from '../../app/flags/FlagsContext';
import { Spinner } from '../../components/Spinner';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n/useT';
import { AddressPicker } from './AddressPicker';
import { deliveryAreaPolygon } from './deliveryArea';
import { FieldRow, RequestSection } from './RequestSection';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';
import { SaveToAddressBook } from './SaveToAddressBook';
import { SaveAsTemplate, TemplatePicker } from './RequestTemplates';
import { useFieldError } from './useFieldError';

/** Drop-off point: the customer's address on a map, then unit, building and notes for the rider. */
export function DropOffSection() {
  const t = useT();
  const fieldError = useFieldError();
  const { actor, services, effects, vendor, countryCode, flags, isGuest } = useRequestFlow();
  const detailsShown = useRequestTag('detailsShown');
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const origin = useSelector(actor, (snapshot) => snapshot.context.origin);
  const destinationError = useSelector(actor, (snapshot) => snapshot.context.destinationError);
  const addressError = useSelector(actor, (snapshot) => snapshot.context.errors.destinationTextAddress ?? null);
  const unitError = useSelector(actor, (snapshot) => snapshot.context.errors.destinationUnitNumber ?? null);
  const checking = useRequestTag('checkingDestination');
  const open = useRequestTag('dropOffShown');
  // While the flow starts (the store's hours, an order to update) the drop-off is about to open: it is
  // shown already, read-only, so the form below does not jump down by its height when it does.
  const starting = useRequestTag('busy');
  const selected =
    draft.destinationLatitude !== null && draft.destinationLongitude !== null && draft.destinationTextAddress !== ''
      ? { text: draft.destinationTextAddress, latitude: draft.destinationLatitude, longitude: draft.destinationLongitude }
      : null;
  const near = origin?.latitude != null && origin.longitude != null ? { latitude: origin.latitude, longitude: origin.longitude } : null;
  // DrawDeliveryAreas: the country's distance limit around the collection point, kept stable across renders.
  const drawArea = isOn(flags, 'DrawDeliveryAreas');
  const originLatitude = near?.latitude ?? null;
  const originLongitude = near?.longitude ?? null;
  const deliveryArea = useMemo(
    () =>
      drawArea && originLatitude !== null && originLongitude !== null
        ? [deliveryAreaPolygon({ latitude: originLatitude, longitude: originLongitude }, countryConfig(countryCode).distanceLimitKm)]
        : undefined,
    [drawArea, originLatitude, originLongitude, countryCode],
  );
  const notesError = useSelector(actor, (snapshot) => snapshot.context.errors.riderNotes ?? null);

  return (
    <RequestSection
      id="request-dropoff"
      title={t('request.dropoff.title')}
      subtitle={checking ? <Spinner size={16} label={t('request.dropoff.checking')} /> : undefined}
      pending={!open && !starting}
    >
      {!starting && <TemplatePicker />}
      <AddressPicker
        label={t('request.dropoff.address')}
        services={services}
        effects={effects}
        country={countryCode}
        vendorId={vendor.vendor_id}
        addressBookEnabled={isOn(flags, 'AddressBook')}
        selected={selected}
        near={near}
        fallbackCentre={near ?? countryConfig(countryCode).mapCentre}
        markerKind="dropoff"
        polygons={deliveryArea}
        companion={near ? { ...near, label: t('order.map.pickup'), kind: 'pickup' } : null}
        disabled={checking}
        readOnly={starting}
        onPicked={({ text, latitude, longitude, entry }) =>
          actor.send({
            type: 'destination.selected',
            text,
            latitude,
            longitude,
            // A saved customer brings their name, phone and notes along.
            customer: entry ? { name: entry.name, phoneNumber: entry.phone_number, notes: entry.notes } : undefined,
          })
        }
        error={destinationError ? t(destinationError) : addressError ? fieldError(addressError) : null}
      />
      {detailsShown && (
        <>
          <FieldRow>
            <TextField
              label={t('request.dropoff.unit')}
              value={draft.destinationUnitNumber}
              onValueChange={(value) => actor.send({ type: 'field.changed', field: 'destinationUnitNumber', value })}
              error={fieldError(unitError)}
            />
            <TextField
              label={t('request.dropoff.building')}
              value={draft.destinationBuilding}
              onValueChange={(value) => actor.send({ type: 'field.changed', field: 'destinationBuilding', value })}
            />
          </FieldRow>
          <TextArea
            label={t('request.dropoff.notes')}
            value={draft.riderNotes}
            onValueChange={(value) => actor.send({ type: 'field.changed', field: 'riderNotes', value })}
            error={fieldError(notesError)}
            helperText={t('request.dropoff.notes-helper')}
          />
          {isOn(flags, 'AddressBook') && !isGuest && <SaveToAddressBook />}
          <SaveAsTemplate />
        </>
      )}
    </RequestSection>
  );
}
