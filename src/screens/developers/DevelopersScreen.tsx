import { useState } from 'react';
import styled from 'styled-components';
import type { ApiKeyAccess, ApiKeySummary } from '../../../adapters/ports';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { useVendors } from '../../app/vendors/VendorsContext';
import { Button } from '../../components/Button';
import { Checkbox } from '../../components/Checkbox';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Notice } from '../../components/Notice';
import { Card, Page, PageTitle } from '../../components/Page';
import { Select } from '../../components/Select';
import { TextField } from '../../components/TextField';
import { formatDateTime } from '../../i18n/format';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { useCountry } from '../../shell/useCountry';
import { tokens } from '../../theme/theme';
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
        <Notice kind="success">
          <Stack>
            <strong>{t('developers.keys.created', { name: revealed.api_key.name })}</strong>
            <span>{t('developers.keys.shown-once')}</span>
            <KeyText readOnly value={revealed.key} aria-label={t('developers.keys.secret-label')} data-testid="revealed-api-key" onFocus={(e) => e.currentTarget.select()} />
            <div>
              <Button variant="secondary" onClick={() => actor.send({ type: 'key.dismissed' })}>{t('developers.keys.dismiss')}</Button>
            </div>
          </Stack>
        </Notice>
      )}
      {actionError && <Notice kind="error">{message(actionError)}</Notice>}
      <CreateKeyForm busy={snapshot.matches('creating')} onCreate={(key) => actor.send({ type: 'create.submitted', key })} />
      <Card aria-labelledby="api-keys-heading">
        <h2 id="api-keys-heading">{t('developers.keys.list-title')}</h2>
        {snapshot.matches('loading') && <p>{t('common.loading')}</p>}
        {snapshot.matches('failed') && (
          <Notice kind="error">
            {t('developers.keys.load-failed')}{' '}
            <Button variant="secondary" onClick={() => actor.send({ type: 'retry.requested' })}>{t('common.retry')}</Button>
          </Notice>
        )}
        {!snapshot.matches('loading') && !snapshot.matches('failed') && keys.length === 0 && <p>{t('developers.keys.empty')}</p>}
        {keys.length > 0 && <KeyTable keys={keys} onRevoke={setRevoking} />}
      </Card>
      <WebhooksSection />
      <ConfirmDialog
        open={revoking !== null}
        title={t('developers.keys.revoke-title', { name: revoking?.name ?? '' })}
        description={t('developers.keys.revoke-description')}
        cancelLabel={t('common.cancel')}
        submitLabel={t('developers.keys.revoke')}
        destructive
        loading={snapshot.matches('revoking')}
        onCancel={() => setRevoking(null)}
        onSubmit={() => {
          if (revoking) actor.send({ type: 'revoke.requested', keyId: revoking.key_id });
          setRevoking(null);
        }}
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
    <Table>
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
            <td><bdi>{key.name}</bdi></td>
            <td><code dir="ltr">{key.prefix}</code></td>
            <td>{t(key.access === 'write' ? 'developers.keys.access-write' : 'developers.keys.access-read')}</td>
            <td>{key.vendor_ids.map(vendorName).join(', ')}</td>
            <td><bdi>{key.created_by}</bdi></td>
            <td>{when(key.created_at)}</td>
            <td>{when(key.last_used_at)}</td>
            <td>
              <Button variant="secondary" onClick={() => onRevoke(key)} aria-label={t('developers.keys.revoke-named', { name: key.name })}>
                {t('developers.keys.revoke')}
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Intro = styled.p`
  margin-bottom: ${tokens.space(4)};
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  margin-bottom: ${tokens.space(4)};
`;

const KeyText = styled.input`
  font-family: ui-monospace, monospace;
  direction: ltr;
  width: 100%;
  padding: ${tokens.space(2)};
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  display: block;
  overflow-x: auto;
  th, td { padding: ${tokens.space(2)}; text-align: start; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
`;
