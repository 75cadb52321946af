import * as Dialog from '@radix-ui/react-dialog';
import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { LIMITS } from '../../../domain';
import { countryConfig } from '../../../domain/countries';
import type { CollectionPointForm, Vendor } from '../../../domain/types';
import { Button } from '../../components/Button';
import { Overlay } from '../../components/ConfirmDialog';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { provideCollectionPointFormMachine, type RequestEffects, type RequestServices } from '../request/requestMachineProvider';
import { CollectionPointFields } from './CollectionPointFields';
import { inspectOptions } from '../../app/inspector';
import { DialogActions } from '../../components/DialogActions';
import { DialogPanel } from '../../components/DialogPanel';

interface Props {
  services: RequestServices;
  effects: Pick<RequestEffects, 'toast'>;
  /** The form to start from: blank (new) or the outlet's (edit). */
  form: CollectionPointForm;
  /** Parent vendors the user may add under; the select shows when there is more than one. */
  parents: readonly Vendor[];
  onClose: () => void;
  /** After a save: the vendor list is reloaded by the caller. */
  onSaved: (saved: { vendorId: string; isNew: boolean }) => void;
}

/** The collection point add/edit dialog (SPEC §2, §5), driven by the collection point form machine. */
export function CollectionPointDialog({ services, effects, form, parents, onClose, onSaved }: Props) {
  const t = useT();
  const parent = parents.find((vendor) => vendor.vendor_id === form.parentVendorId) ?? parents[0] ?? null;
  const country = parent?.vendor_information.location.country_code || 'SA';
  const machine = useMemo(
    () => provideCollectionPointFormMachine(services, { toast: effects.toast, collectionPointSaved: onSaved }, country),
    [services, effects, onSaved, country],
  );
  const actor = useActorRef(machine, { ...inspectOptions(), input: { form } });
  const done = useSelector(actor, (snapshot) => snapshot.status === 'done');
  const saving = useSelector(actor, (snapshot) => snapshot.matches('saving'));
  useEffect(() => {
    if (done) onClose();
  }, [done, onClose]);

  const parentLocation = parent?.vendor_information.location;
  const fallback =
    parentLocation?.latitude != null && parentLocation.longitude != null
      ? { centre: { latitude: parentLocation.latitude, longitude: parentLocation.longitude }, zoom: LIMITS.mapZoom.collectionPointWithParentVendor }
      : { centre: countryConfig(country).mapCentre, zoom: LIMITS.mapZoom.collectionPointWithoutParentVendor };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && !saving && actor.send({ type: 'closed' })}>
      <Dialog.Portal>
        <Overlay />
        <Content $width={640} $gutter={24} aria-describedby={undefined}>
          <Header>
            <Dialog.Title>{t(form.isEditMode ? 'collection-point.edit-title' : 'collection-point.add-title')}</Dialog.Title>
            <Dialog.Close asChild>
              <Button variant="ghost" aria-label={t('common.close')} disabled={saving}>
                ✕
              </Button>
            </Dialog.Close>
          </Header>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              actor.send({ type: 'submitted' });
            }}
          >
            <CollectionPointFields actor={actor} services={services} effects={effects} country={country} parents={parents} fallback={fallback} />
            <DialogActions>
              <Button variant="secondary" onClick={() => actor.send({ type: 'closed' })} disabled={saving}>
                {t('common.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('collection-point.save')}
              </Button>
            </DialogActions>
          </form>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Content = styled(DialogPanel)`
  @media (max-width: ${tokens.smallScreen}) { padding: ${tokens.space(4)}; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-bottom: ${tokens.space(4)};
  h2 { margin: 0; font-size: 1.25rem; }
`;
