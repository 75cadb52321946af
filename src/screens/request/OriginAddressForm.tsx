import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { countryConfig } from '../../../domain/countries';
import { Button } from '../../components/Button';
import { TextArea } from '../../components/TextArea';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { AddressPicker } from './AddressPicker';
import { useRequestFlow } from './RequestFlowContext';
import { FieldRow } from './RequestSection';
import { useRequestTag } from './useRequestTag';

/** The origin asked first (SPEC §4): a vendor without coordinates, or a guest without a stored origin. */
export function OriginAddressForm() {
  const t = useT();
  const { actor, services, effects, vendor, countryCode, isGuest } = useRequestFlow();
  const givingDetails = useRequestTag('originDetails');
  const origin = useSelector(actor, (snapshot) => snapshot.context.origin);
  const saving = useRequestTag('savingOrigin');
  const canConfirm = useSelector(actor, (snapshot) => snapshot.can({ type: 'origin.details.confirmed' }));
  const selected =
    origin && origin.latitude !== null && origin.longitude !== null
      ? { text: origin.streetAddress, latitude: origin.latitude, longitude: origin.longitude }
      : null;
  const details = { unit: origin?.unit ?? '', building: origin?.building ?? '', notes: origin?.notes ?? '' };

  return (
    <Column>
      <Intro>{t(isGuest ? 'request.origin.intro-guest' : 'request.origin.intro')}</Intro>
      <AddressPicker
        label={t('request.origin.address')}
        services={services}
        effects={effects}
        country={countryCode}
        vendorId={isGuest ? null : vendor.vendor_id}
        addressBookEnabled={false}
        selected={selected}
        fallbackCentre={countryConfig(countryCode).mapCentre}
        markerKind="pickup"
        onPicked={(picked) =>
          actor.send({
            type: 'origin.selected',
            origin: {
              streetAddress: picked.text,
              building: details.building,
              unit: details.unit,
              notes: details.notes,
              city: '',
              countryCode,
              postalCode: '',
              latitude: picked.latitude,
              longitude: picked.longitude,
            },
          })
        }
      />
      {givingDetails && (
        <>
          <FieldRow>
            <TextField
              label={t('request.dropoff.unit')}
              value={details.unit}
              onValueChange={(unit) => actor.send({ type: 'origin.details.changed', ...details, unit })}
            />
            <TextField
              label={t('request.dropoff.building')}
              value={details.building}
              onValueChange={(building) => actor.send({ type: 'origin.details.changed', ...details, building })}
            />
          </FieldRow>
          <TextArea
            label={t('request.origin.notes')}
            value={details.notes}
            onValueChange={(notes) => actor.send({ type: 'origin.details.changed', ...details, notes })}
          />
          <Button loading={saving} disabled={!canConfirm} onClick={() => actor.send({ type: 'origin.details.confirmed' })}>
            {t(isGuest ? 'request.origin.use' : 'request.origin.save')}
          </Button>
        </>
      )}
    </Column>
  );
}

const Column = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
`;

const Intro = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;
