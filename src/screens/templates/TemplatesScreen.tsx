import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useCallback, useState } from 'react';
import styled from 'styled-components';
import { vendorAccess } from '../../../domain';
import type { Vendor } from '../../../domain/types';
import { selectedTemplateOf, type OrderTemplatesContext } from '../../../machines/orderTemplates';
import { standingOf } from '../../app/vendors/standingOf';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/EmptyState';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { Card, Page, PageTitle } from '../../components/Page';
import { Skeleton } from '../../components/Skeleton';
import { TextField } from '../../components/TextField';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { ScheduleDialog } from '../recurring/ScheduleDialog';
import { useOrderTemplates } from './useOrderTemplates';

/** /templates: the selected outlet's saved order templates (issue #27): use, rename, delete. */
export function TemplatesScreen() {
  const t = useT();
  const vendors = useVendors();
  const { selected } = vendors;
  return (
    <Page>
      <PageTitle>{t('templates.title')}</PageTitle>
      {vendorAccess(standingOf(vendors), 'orders.place') === 'allowed' ? <Link to="/recurring-orders">{t('recurring.title')}</Link> : null}
      {selected ? <OutletTemplates key={selected.vendor_id} vendor={selected} /> : <Skeleton $height="160px" />}
    </Page>
  );
}

function OutletTemplates({ vendor }: { vendor: Vendor }) {
  const t = useT();
  const { api } = useOrdersServices();
  const actor = useOrderTemplates(api, vendor.vendor_id);
  const snapshot = useSelector(actor, (s) => s);
  const context = snapshot.context as OrderTemplatesContext;
  const selected = selectedTemplateOf(context);
  const [repeating, setRepeating] = useState<{ id: string; name: string } | null>(null);
  const closeRepeat = useCallback(() => setRepeating(null), []);
  if (snapshot.matches('loading')) return <Skeleton $height="160px" aria-busy="true" />;
  if (snapshot.matches('failed')) {
    return (
      <EmptyState
        title={t('templates.load-failed')}
        action={<Button onClick={() => actor.send({ type: 'retry.requested' })}>{t('common.retry')}</Button>}
      />
    );
  }
  if (context.templates.length === 0) {
    return (
      <EmptyState
        title={t('templates.empty.title')}
        description={t('templates.empty.description')}
        action={
          <Link to="/request-a-rider/$vendorID" params={{ vendorID: vendor.vendor_id }}>
            {t('nav.request')}
          </Link>
        }
      />
    );
  }
  const renaming = snapshot.hasTag('renaming');
  const mayRepeat = vendorAccess(vendor, 'orders.place') === 'allowed';
  return (
    <>
      <List aria-label={t('templates.title')}>
        {context.templates.map((template) => (
          <Card as="li" key={template.id} aria-label={template.name}>
            {renaming && selected?.id === template.id ? (
              <RenameForm
                initialName={template.name}
                busy={snapshot.matches({ ready: 'updating' })}
                onSubmit={(name) => actor.send({ type: 'rename.submitted', name })}
                onCancel={() => actor.send({ type: 'rename.cancelled' })}
              />
            ) : (
              <Name>{template.name}</Name>
            )}
            <Details>
              <bdi>{template.customer_name}</bdi> · <bdi dir="ltr">{template.phone_number}</bdi>
              <br />
              <bdi>{template.address}</bdi>
              <br />
              <bdi>{template.description}</bdi>
            </Details>
            <Actions>
              <Link to="/request-a-rider/$vendorID" params={{ vendorID: vendor.vendor_id }} search={{ template: template.id }}>
                {t('templates.use')}
              </Link>
              <Button variant="secondary" disabled={!snapshot.matches({ ready: 'idle' })} onClick={() => actor.send({ type: 'rename.started', templateId: template.id })}>
                {t('templates.rename')}
              </Button>
              {mayRepeat ? (
                <Button variant="secondary" onClick={() => setRepeating({ id: template.id, name: template.name })}>
                  {t('recurring.repeat')}
                </Button>
              ) : null}
              <Button variant="secondary" disabled={!snapshot.matches({ ready: 'idle' })} onClick={() => actor.send({ type: 'delete.requested', templateId: template.id })}>
                {t('templates.delete')}
              </Button>
            </Actions>
          </Card>
        ))}
      </List>
      {repeating ? <ScheduleDialog vendorId={vendor.vendor_id} template={repeating} onClose={closeRepeat} /> : null}
      <ConfirmDialog
        open={snapshot.hasTag('confirmingDelete')}
        title={t('templates.delete.title', { name: selected?.name ?? '' })}
        cancelLabel={t('common.cancel')}
        submitLabel={t('templates.delete')}
        destructive
        loading={snapshot.matches({ ready: 'deleting' })}
        onCancel={() => actor.send({ type: 'delete.cancelled' })}
        onSubmit={() => actor.send({ type: 'delete.confirmed' })}
      />
    </>
  );
}

function RenameForm({ initialName, busy, onSubmit, onCancel }: { initialName: string; busy: boolean; onSubmit: (name: string) => void; onCancel: () => void }) {
  const t = useT();
  const [name, setName] = useState(initialName);
  return (
    <InlineForm
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(name);
      }}
    >
      <TextField label={t('templates.save.name')} value={name} maxLength={100} autoFocus onValueChange={setName} />
      <Button type="submit" loading={busy} disabled={name.trim() === ''}>
        {t('templates.rename.submit')}
      </Button>
      <Button variant="secondary" disabled={busy} onClick={onCancel}>
        {t('common.cancel')}
      </Button>
    </InlineForm>
  );
}

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space(3)};
`;

const Name = styled.h2`
  margin: 0;
  font-size: 1.1rem;
`;

const Details = styled.p`
  margin: ${tokens.space(2)} 0;
  overflow-wrap: anywhere;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(2)};
`;

const InlineForm = styled.form`
  display: flex;
  flex-wrap: wrap;
  align-items: end;
  gap: ${tokens.space(2)};
`;
