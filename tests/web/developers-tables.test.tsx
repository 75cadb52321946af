// @vitest-environment jsdom
// Settings → Developers tables (API keys, a webhook endpoint's delivery log) as a phone reads them:
// each becomes a card per row (src/components/DataTable.tsx), so every value cell must carry its
// column's name and the row's name must be its row header, in Arabic as in English.
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ApiKeySummary, WebhookDelivery, WebhookEndpoint } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { VendorsContext, type VendorsApi } from '../../src/app/vendors/VendorsContext';
import { OrdersServicesProvider } from '../../src/components/orders/OrdersServicesContext';
import { DevelopersScreen } from '../../src/screens/developers/DevelopersScreen';
import { aVendor } from '../machines/builders';
import { catalogue, fakeApi, Providers } from './renderApp';

afterEach(cleanup);

const NOW = 1_799_000_000;
const parent = aVendor({ vendor_id: 'p-1', parent_vendor_id: null, client_vendor_id: 'p-1', is_parent: true, name: 'Riyadh Bakery' });
const vendors: VendorsApi = { list: 'loaded', vendors: [parent], selected: parent, select: vi.fn(), showToggleOutlet: false, includeOutlets: false, setIncludeOutlets: vi.fn() };
const KEY: ApiKeySummary = { key_id: 'k-1', prefix: 'cpk_k-1', name: 'Olaya till', access: 'write', vendor_ids: ['p-1'], created_by: 'owner@example.com', created_at: NOW - 86_400, last_used_at: null };
const ENDPOINT: WebhookEndpoint = { endpoint_id: 'we-1', vendor_id: 'p-1', url: 'https://shop.example/hook', events: ['order.created'], created_by: 'owner@example.com', created_at: NOW - 86_400, previous_secret_expires_at: null, failing_since: null };
const DELIVERY: WebhookDelivery = {
  delivery_id: 'd-1', event_id: 'evt_1', event_type: 'order.created', order_id: 'ord-42', state: 'succeeded', created_at: NOW * 1000, next_attempt_at: null,
  attempts: [{ attempt: 1, at: NOW * 1000, status_code: 200, latency_ms: 84, excerpt: 'ok', error: null }],
};

function renderDevelopers(locale: string) {
  const api = fakeApi({ listApiKeys: async () => [KEY], listWebhooks: async () => [ENDPOINT], listWebhookDeliveries: async () => [DELIVERY] });
  render(
    <Providers locale={locale}>
      <VendorsContext.Provider value={vendors}>
        <OrdersServicesProvider services={{ api, live: { subscribe: () => ({ change: () => undefined, close: () => undefined }), renew: () => undefined }, storage: createMemoryStorage(), clock: { nowUnix: () => NOW }, saveFile: () => undefined }}>
          <DevelopersScreen />
        </OrdersServicesProvider>
      </VendorsContext.Provider>
    </Providers>,
  );
}

/** Each body row's value cells' labels, and its row header's text. */
function cardsOf(table: HTMLElement) {
  const columns = within(table).getAllByRole('columnheader').map((header) => header.textContent);
  const rows = within(table).getAllByRole('row').slice(1).map((row) => ({
    title: within(row).getByRole('rowheader').textContent,
    labels: [...row.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label')),
  }));
  return { columns, rows };
}

describe('Settings → Developers tables on a phone', () => {
  it.each(['en', 'ar-SA'])('labels every value of the API keys and the delivery log with its column (%s)', async (locale) => {
    renderDevelopers(locale);
    const text = catalogue(locale);
    const keysTable = (await screen.findByTestId('api-key-row')).closest('table') as HTMLElement;
    const keys = cardsOf(keysTable);
    // The key's name is the card's title and the Revoke cell spans the card: neither is labelled.
    expect(keys.rows).toEqual([{ title: 'Olaya till', labels: [...keys.columns.slice(1, -1), null] }]);
    expect(keys.rows[0]!.labels).toContain(text['developers.keys.last-used']);

    fireEvent.click(await screen.findByRole('button', { name: text['developers.webhooks.log'] }));
    const logTable = (await screen.findByTestId('webhook-delivery')).closest('table') as HTMLElement;
    const log = cardsOf(logTable);
    expect(log.rows).toEqual([{ title: 'order.createdord-42', labels: [...log.columns.slice(1, -1), null] }]);
    expect(log.rows[0]!.labels).toEqual([text['developers.webhooks.result'], text['developers.webhooks.attempts'], null]);
  });
});
