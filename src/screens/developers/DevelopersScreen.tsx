import { useState } from 'react';
import styled from 'styled-components';
import type { ApiKeyAccess, ApiKeySummary } from '../../../adapters/ports';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { Notice } from '../../components/Notice';
import { Card, Page, PageTitle } from '../../components/Page';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../i18n/format';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { useCountry } from '../../shell/useCountry';
import { tokens } from '../../theme/theme';
import { DataTable } from '../../components/DataTable';
import { ConfirmRemoval, ListStatus, ShownOnceSecret, Stack } from './developerParts';
import { useApiKeys } from './useApiKeys';
import { WebhooksSection } from './WebhooksSection';

/** Settings → Developers: API keys for the account's vendors (create, shown once; list; revoke), then webhooks. */
export function DevelopersScreen() {
  const t = useT();
  const message = useMessage();
  const { actor, snapshot } = useApiKeys();
  const { keys, revealed, actionError } = snapshot.context;
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  return (
    <Page>
      <PageTitle>{t('developers.title')}</PageTitle>
      <Intro>{t('developers.intro')}</Intro>
      {revealed && (
        <ShownOnceSecret
          title={t('developers.keys.created', { name: revealed.api_key.name })}
          label={t('developers.keys.secret-label')}
          value={revealed.key}
          testId="revealed-api-key"
          dismissLabel={t('developers.keys.dismiss')}
          onDismiss={() => actor.send({ type: 'key.dismissed' })}
        />
      )}
      {actionError && <Notice kind="error">{message(actionError)}</Notice>}
      <CreateKeyForm busy={snapshot.matches('creating')} onCreate={(key) => actor.send({ type: 'create.submitted', key })} />
      <Card aria-labelledby="api-keys-heading">
        <h2 id="api-keys-heading">{t('developers.keys.list-title')}</h2>
        <ListStatus
          loading={snapshot.matches('loading')}
          failed={snapshot.matches('failed')}
          empty={keys.length === 0}
          failedText={t('developers.keys.load-failed')}
          emptyText={t('developers.keys.empty')}
          onRetry={() => actor.send({ type: 'retry.requested' })}
        />
        {keys.length > 0 && <KeyTable keys={keys} onRevoke={setRevoking} />}
      </Card>
      <WebhooksSection />
      <ConfirmRemoval
        target={revoking}
        title={t('developers.keys.revoke-title', { name: revoking?.name ?? '' })}
        description={t('developers.keys.revoke-description')}
        submitLabel={t('developers.keys.revoke')}
        loading={snapshot.matches('revoking')}
        onConfirm={(key) => actor.send({ type: 'revoke.requested', keyId: key.key_id })}
        onClose={() => setRevoking(null)}
      />
    </Page>
  );
}

function CreateKeyForm({ busy, onCreate }: { busy: boolean; onCreate: (key: { name: string; access: ApiKeyAccess; vendor_ids: string[] }) => void }) {
  const t = useT();
  const { vendors } = useVendors();
  const [name, setName] = useState('');
  const [access, setAccess] = useState<ApiKeyAccess>('read');
  const [scope, setScope] = useState<readonly string[]>([]);
  const toggle = (vendorId: string, on: boolean) => setScope((current) => (on ? [...current, vendorId] : current.filter((id) => id !== vendorId)));
  return (
    <Card aria-labelledby="create-key-heading">
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onCreate({ name, access, vendor_ids: [...scope] });
        }}
      >
        <Stack>
          <h2 id="create-key-heading">{t('developers.keys.create-title')}</h2>
          <TextField label={t('developers.keys.name')} value={name} onValueChange={setName} maxLength={100} helperText={t('developers.keys.name-help')} />
          <Select
            label={t('developers.keys.access')}
            value={access}
            onValueChange={(value) => setAccess(value === 'write' ? 'write' : 'read')}
            options={[
              { value: 'read', label: t('developers.keys.access-read') },
              { value: 'write', label: t('developers.keys.access-write') },
            ]}
          />
          <fieldset>
            <legend>{t('developers.keys.scope')}</legend>
            {vendors.map((vendor) => (
              <Checkbox key={vendor.vendor_id} checked={scope.includes(vendor.vendor_id)} onCheckedChange={(on) => toggle(vendor.vendor_id, on)} label={<bdi>{vendor.name}</bdi>} />
            ))}
          </fieldset>
          <div>
            <Button type="submit" loading={busy}>{t('developers.keys.create')}</Button>
          </div>
        </Stack>
      </form>
    </Card>
  );
}

function KeyTable({ keys, onRevoke }: { keys: readonly ApiKeySummary[]; onRevoke: (key: ApiKeySummary) => void }) {
  const t = useT();
  const { locale } = usePreferences();
  const { timeZone } = useCountry();
  const { vendors } = useVendors();
  const vendorName = (id: string) => vendors.find((vendor) => vendor.vendor_id === id)?.name ?? id;
  const when = (unix: number | null) => (unix === null ? t('developers.keys.never') : formatDateTime(unix, { locale, timeZone }));
  return (
    <DataTable>
      <thead>
        <tr>
          <th scope="col">{t('developers.keys.name')}</th>
          <th scope="col">{t('developers.keys.prefix')}</th>
          <th scope="col">{t('developers.keys.access')}</th>
          <th scope="col">{t('developers.keys.scope')}</th>
          <th scope="col">{t('developers.keys.created-by')}</th>
          <th scope="col">{t('developers.keys.created-at')}</th>
          <th scope="col">{t('developers.keys.last-used')}</th>
          <th scope="col"><span className="visually-hidden">{t('developers.keys.revoke')}</span></th>
        </tr>
      </thead>
      <tbody>
        {keys.map((key) => (
          <tr key={key.key_id} data-testid="api-key-row">
            <th scope="row"><bdi>{key.name}</bdi></th>
            <td data-label={t('developers.keys.prefix')}><code dir="ltr">{key.prefix}</code></td>
            <td data-label={t('developers.keys.access')}>{t(key.access === 'write' ? 'developers.keys.access-write' : 'developers.keys.access-read')}</td>
            <td data-label={t('developers.keys.scope')}>{key.vendor_ids.map(vendorName).join(', ')}</td>
            <td data-label={t('developers.keys.created-by')}><bdi>{key.created_by}</bdi></td>
            <td data-label={t('developers.keys.created-at')}>{when(key.created_at)}</td>
            <td data-label={t('developers.keys.last-used')}>{when(key.last_used_at)}</td>
            <td>
              <Button variant="secondary" onClick={() => onRevoke(key)} aria-label={t('developers.keys.revoke-named', { name: key.name })}>
                {t('developers.keys.revoke')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

const Intro = styled.p`
  margin-bottom: ${tokens.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;



