// @vitest-environment jsdom
// Settings → Audit in jsdom over a fake API that records the filters it was asked for: the table
// (time in the vendor's zone, who, the action translated, the cancel reason translated), the filters,
// the CSV download and the retry.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../adapters/http/apiError';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { ApiClient, AuditEvent, AuditQuery } from '../../adapters/ports';
import { VendorsContext, type VendorsApi } from '../../src/app/vendors/VendorsContext';
import { OrdersServicesProvider } from '../../src/components/orders/OrdersServicesContext';
import { AuditScreen } from '../../src/screens/audit/AuditScreen';
import { aVendor } from '../machines/builders';
import { catalogue, fakeApi, Providers } from './renderApp';

afterEach(cleanup);

const parent = aVendor({ vendor_id: 'p-1', name: 'Riyadh Bakery', is_parent: true, parent_vendor_id: null });
const vendors: VendorsApi = { list: 'loaded', vendors: [parent], selected: parent, select: () => undefined, showToggleOutlet: false, includeOutlets: false, setIncludeOutlets: () => undefined };
// 2026-11-26 12:00 in Dubai (UTC+4), the reference country's zone.
const NOW = Date.UTC(2026, 10, 26, 8, 0, 0) / 1000;
const MIDNIGHT_DUBAI = Date.UTC(2026, 10, 25, 20, 0, 0) / 1000;

const CANCELLED: AuditEvent = {
  event_id: 'e-2', vendor_id: 'p-1', actor: 'omar@example.com', action: 'order.cancelled', subject: 'ord-42', detail: { reason: 'cancel.reason.duplicate-order' }, at: NOW - 60,
};
const PLACED: AuditEvent = { event_id: 'e-1', vendor_id: 'p-1', actor: 'omar@example.com', action: 'order.placed', subject: 'ord-42', detail: {}, at: NOW - 600 };

function renderAudit(api: ApiClient, saved: unknown[] = [], locale = 'en') {
  return render(
    <Providers locale={locale}>
      <VendorsContext.Provider value={vendors}>
        <OrdersServicesProvider services={{ api, live: { subscribe: () => ({ change: () => undefined, close: () => undefined }), renew: () => undefined }, storage: createMemoryStorage(), clock: { nowUnix: () => NOW }, saveFile: (file, fileName) => void saved.push({ file, fileName }) }}>
          <AuditScreen />
        </OrdersServicesProvider>
      </VendorsContext.Provider>
    </Providers>,
  );
}

describe('Settings → Audit', () => {
  it('shows who did what, the action and the cancel reason translated, the time in the vendor\'s zone', async () => {
    renderAudit(fakeApi({ listAuditEvents: async () => [CANCELLED, PLACED] }), [], 'ar-SA');
    const ar = catalogue('ar-SA');
    const rows = await screen.findAllByTestId('audit-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText(ar['audit.action.order.cancelled']!)).toBeTruthy();
    expect(within(rows[0]!).getByText(ar['cancel.reason.duplicate-order']!)).toBeTruthy();
    expect(rows[0]!.textContent).toContain('omar@example.com');
    expect(within(rows[1]!).getByText(ar['audit.action.order.placed']!)).toBeTruthy();
    // 11:59 in Dubai (the app's ar-SA formats with Latin digits).
    expect(rows[0]!.querySelector('th')?.textContent).toContain('11:59');
  });

  it('labels every value with its column, for the card each row becomes on a phone', async () => {
    renderAudit(fakeApi({ listAuditEvents: async () => [CANCELLED, PLACED] }), [], 'ar-SA');
    const ar = catalogue('ar-SA');
    const rows = await screen.findAllByTestId('audit-row');
    for (const row of rows) {
      // The time is the card's title; the member, the action and the details each under their column's name.
      expect(within(row).getByRole('rowheader').textContent).toMatch(/\d\d:\d\d/);
      expect([...row.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label'))).toEqual([ar['team.member'], ar['audit.what'], ar['audit.details']]);
    }
  });

  it('asks the server for the member, action and period chosen', async () => {
    const asked: AuditQuery[] = [];
    renderAudit(fakeApi({ listAuditEvents: async (_vendorId, query) => { asked.push(query); return [CANCELLED]; } }));
    await screen.findAllByTestId('audit-row');
    fireEvent.change(screen.getByLabelText("Member's e-mail"), { target: { value: ' omar@example.com ' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Action' }), { target: { value: 'order.cancelled' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Period' }), { target: { value: 'today' } });
    fireEvent.click(screen.getByRole('button', { name: catalogue('en')['history.filter.apply'] }));
    await waitFor(() => expect(asked).toHaveLength(2));
    expect(asked).toEqual([{}, { actor: 'omar@example.com', action: 'order.cancelled', from: MIDNIGHT_DUBAI, to: MIDNIGHT_DUBAI + 86_400 }]);
  });

  it('suggests each member seen in the trail for the member filter, and keeps them while filtered', async () => {
    const byKey: AuditEvent = { ...PLACED, event_id: 'e-3', actor: 'api-key:k-1' };
    const byAisha: AuditEvent = { ...PLACED, event_id: 'e-4', actor: 'aisha@example.com' };
    renderAudit(fakeApi({ listAuditEvents: async (_vendorId, query) => (query.actor ? [CANCELLED] : [CANCELLED, byKey, byAisha]) }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
    const field = screen.getByLabelText("Member's e-mail");
    const suggestions = () => [...(field as HTMLInputElement).list!.options].map((option) => option.value);
    await waitFor(() => expect(suggestions()).toEqual(['aisha@example.com', 'omar@example.com']));
    fireEvent.change(field, { target: { value: 'omar@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: catalogue('en')['history.filter.apply'] }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(1));
    expect(suggestions()).toEqual(['aisha@example.com', 'omar@example.com']);
  });

  it('downloads the CSV of the filter shown and saves it', async () => {
    const saved: unknown[] = [];
    const file = new Blob(['at,actor\n']);
    const asked: AuditQuery[] = [];
    renderAudit(fakeApi({ listAuditEvents: async () => [PLACED], downloadAuditCsv: async (_vendorId, query) => { asked.push(query); return { file, fileName: 'audit-p-1.csv' }; } }), saved);
    await screen.findAllByTestId('audit-row');
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(saved).toEqual([{ file, fileName: 'audit-p-1.csv' }]));
    expect(asked).toEqual([{}]);
  });

  it('says when nothing matches, and offers a retry when the trail cannot load', async () => {
    let calls = 0;
    renderAudit(fakeApi({
      listAuditEvents: async () => {
        calls += 1;
        if (calls === 1) throw new ApiError('http', 500, 'error.server', null, 'error.server');
        return [];
      },
    }));
    expect(await screen.findByText('The audit trail could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No events match these filters.')).toBeTruthy();
  });
});
