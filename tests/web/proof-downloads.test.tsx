// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../adapters/http/apiError';
import type { DownloadedFile, ExportProofsBody } from '../../adapters/ports';
import type { Order } from '../../domain/types';
import { catalogue } from './renderApp';
import { anOrder, NOW, renderOrdersScreen, VENDOR, VENDORS } from './tracking-harness';

afterEach(cleanup);

// The proof archive's downloads (issue #27): one order's proofs from its drawer, a period's from
// History. The ZIP reaches the save port; a refusal is shown translated, with "Try again".

const PROOF_FLAGS = { ProofOfPickup: true, ProofOfDelivery: true };
const zip = (fileName: string): DownloadedFile => ({ file: new Blob(['PK']), fileName });
const refusal = (status: number, key: string) => new ApiError('http', status, key, null, key);
const page = (orders: Order[]) => ({ data: orders, pagination_key: null });
const delivered = (overrides: Partial<Order> = {}) =>
  anOrder('DELIVERED', { order_id: 'v-1-d', proofs: { pickup: 'data:image/png;base64,AA', delivery: 'data:image/png;base64,AA' }, ...overrides });

/** A promise the test settles, to see the screen while the server is still sending. */
function deferred<T>() {
  let resolve: (value: T) => void = () => undefined;
  const promise = new Promise<T>((settle) => (resolve = settle));
  return { promise, resolve };
}

async function openDrawer(order: Order, api: Parameters<typeof renderOrdersScreen>[1]['api'], saveFile = vi.fn(), flags: Record<string, boolean> = PROOF_FLAGS) {
  renderOrdersScreen(`/order-tracking?order_id=${order.order_id}`, {
    api: { listOrders: async () => page([order]), listRecipientMessages: async () => [], ...api },
    flags,
    saveFile,
  });
  return screen.findByRole('dialog');
}

describe("an order's proofs from its drawer", () => {
  it('downloads the order’s proof ZIP into the save port, busy while the server sends it', async () => {
    const answer = deferred<DownloadedFile>();
    const downloadOrderProofs = vi.fn(() => answer.promise);
    const saveFile = vi.fn();
    const drawer = await openDrawer(delivered(), { downloadOrderProofs }, saveFile);
    const button = await within(drawer).findByRole('button', { name: 'Download proof' });
    fireEvent.click(button);
    expect(downloadOrderProofs).toHaveBeenCalledWith('v-1-d');
    await waitFor(() => expect(button.getAttribute('aria-busy')).toBe('true'));
    expect(saveFile).not.toHaveBeenCalled();
    answer.resolve(zip('proofs-v-1-d.zip'));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'proofs-v-1-d.zip'));
    expect(button.getAttribute('aria-busy')).toBeNull();
    expect(downloadOrderProofs).toHaveBeenCalledTimes(1);
  });

  it('shows the refusal translated and tries the same order again', async () => {
    const downloadOrderProofs = vi.fn<(orderId: string) => Promise<DownloadedFile>>()
      .mockRejectedValueOnce(refusal(404, 'error.not-found'))
      .mockResolvedValueOnce(zip('proofs-v-1-d.zip'));
    const saveFile = vi.fn();
    const drawer = await openDrawer(delivered(), { downloadOrderProofs }, saveFile);
    fireEvent.click(await within(drawer).findByRole('button', { name: 'Download proof' }));
    const alert = await within(drawer).findByRole('alert');
    expect(alert.textContent).toContain('The proofs could not be downloaded. We could not find what you were looking for.');
    expect(saveFile).not.toHaveBeenCalled();
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'proofs-v-1-d.zip'));
    expect(downloadOrderProofs.mock.calls).toEqual([['v-1-d'], ['v-1-d']]);
    expect(within(drawer).queryByRole('alert')).toBeNull();
  });

  it('offers no download for an order without a proof, nor when the country shows no proofs', async () => {
    const drawer = await openDrawer(anOrder('NEAR_VENDOR', { order_id: 'v-1-n' }), {});
    await within(drawer).findByText('Sara Ali');
    expect(within(drawer).queryByRole('button', { name: 'Download proof' })).toBeNull();
    cleanup();
    const hidden = await openDrawer(delivered(), {}, vi.fn(), { ProofOfPickup: false, ProofOfDelivery: false });
    await within(hidden).findByText('Sara Ali');
    expect(within(hidden).queryByRole('button', { name: 'Download proof' })).toBeNull();
  });
});

describe("a period's proofs from History", () => {
  const asRole = (role: 'dispatcher' | 'manager' | 'owner') => {
    const vendor = { ...VENDOR, role };
    return { ...VENDORS, vendors: [vendor], selected: vendor };
  };
  const history = (api: Parameters<typeof renderOrdersScreen>[1]['api'], options: Partial<Parameters<typeof renderOrdersScreen>[1]> = {}) =>
    renderOrdersScreen('/history', { api: { listOrders: async () => page([delivered({ created_at: NOW - 86_400 })]), ...api }, ...options });

  it('downloads the proofs of the chosen period as a ZIP beside the export', async () => {
    const exportProofs = vi.fn(async (_body: ExportProofsBody) => zip('proofs-v-1.zip'));
    const saveFile = vi.fn();
    history({ exportProofs }, { saveFile, vendors: asRole('manager') });
    fireEvent.click(await screen.findByRole('button', { name: 'Download proofs (ZIP)' }));
    await waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.any(Blob), 'proofs-v-1.zip'));
    // Yesterday in the vendor's zone (Asia/Dubai), the default period, as the orders export sends it.
    const from = NOW - 14 * 3600 - 86_400;
    expect(exportProofs.mock.calls).toEqual([[{ vendor_id: 'v-1', from, to: from + 86_399, include_outlets: false }]]);
  });

  it('shows a refusal translated, and hides the button from a role without exports', async () => {
    const exportProofs = vi.fn(async () => Promise.reject(refusal(422, 'export.error.range-too-long')));
    history({ exportProofs }, { vendors: asRole('owner') });
    fireEvent.click(await screen.findByRole('button', { name: 'Download proofs (ZIP)' }));
    // (The trend chart above, not answered here, has an alert of its own.)
    const reason = await screen.findByText(`The proofs could not be downloaded. ${catalogue('en')['export.error.range-too-long'] ?? ''}`);
    expect(reason.closest('[role="alert"]')).not.toBeNull();
    cleanup();
    history({}, { vendors: asRole('dispatcher') });
    await screen.findByText('1 order');
    expect(screen.queryByRole('button', { name: 'Download proofs (ZIP)' })).toBeNull();
  });

  it('speaks the vendor’s language (ar-SA)', async () => {
    history({}, { locale: 'ar-SA' });
    expect(await screen.findByRole('button', { name: catalogue('ar-SA')['history.export.proofs'] })).toBeTruthy();
  });
});
