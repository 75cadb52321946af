// @vitest-environment jsdom
// The collection point dialog over the real form machine: submit-time validation on each field, the
// edit locks, and the save through the API with the success toast.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryMapPort } from '../../adapters/map/memoryMapPort';
import type { ApiClient, OutletBody } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { Vendor } from '../../domain/types';
import { MapPortProvider } from '../../src/components/map/MapPortContext';
import { ToastViewport } from '../../src/components/toast/ToastViewport';
import { useToasts } from '../../src/app/toasts/ToastContext';
import { CollectionPointDialog } from '../../src/screens/collection-point/CollectionPointDialog';
import { collectionPointFormOf, newCollectionPointForm } from '../../src/screens/collection-point/collectionPointFormOf';
import type { RequestServices } from '../../src/screens/request/requestMachineProvider';
import { PARENT_VENDOR } from '../../stories/support/demoVendors';
import { Providers } from './renderApp';

afterEach(cleanup);

/** A parent vendor with its collection point set, as the stories show it. */
const parent = PARENT_VENDOR;

function services(api: Partial<ApiClient>): RequestServices {
  return {
    api: api as ApiClient,
    storage: createMemoryStorage(),
    clock: { nowUnix: () => 1_795_000_000 },
    geolocator: {
      suggest: async () => ({
        addressBook: [],
        places: [{ address: { id: 'd1', formatted_address: 'Al Olaya, Riyadh, Saudi Arabia', latitude: 24.6985, longitude: 46.683 } }],
        reversed: [],
      }),
      placeDetails: async () => null,
      reverse: async () => null,
    },
    navigator: { assign: vi.fn() },
  };
}

function Dialog({ api, form, onSaved }: { api: Partial<ApiClient>; form: ReturnType<typeof newCollectionPointForm>; onSaved: () => void }) {
  const { show } = useToasts();
  return <CollectionPointDialog services={services(api)} effects={{ toast: show }} form={form} parents={[parent]} onClose={() => undefined} onSaved={onSaved} />;
}

function renderDialog(api: Partial<ApiClient>, form = newCollectionPointForm('sa-1000')) {
  const onSaved = vi.fn();
  render(
    <Providers>
      <MapPortProvider port={createMemoryMapPort()}>
        <Dialog api={api} form={form} onSaved={onSaved} />
        <ToastViewport />
      </MapPortProvider>
    </Providers>,
  );
  return { onSaved };
}

describe('collection point dialog', () => {
  it('shows every failing field on submit, then saves a new collection point', async () => {
    const bodies: OutletBody[] = [];
    const { onSaved } = renderDialog({
      createOutlet: async (body) => {
        bodies.push(body);
        return { ...parent, vendor_id: 'sa-1099', parent_vendor_id: 'sa-1000', name: body.name };
      },
    });
    const dialog = await screen.findByRole('dialog', { name: 'Add a collection point' });
    fireEvent.change(within(dialog).getByLabelText('Owner email 1'), { target: { value: 'not-an-email' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save collection point' }));
    for (const message of ['Please enter collection point ID', 'Please enter label', 'Please enter phone number', 'Please select pickup address', 'Please enter a valid email']) {
      expect(await within(dialog).findByText(message)).toBeTruthy();
    }

    fireEvent.change(within(dialog).getByLabelText('Collection point ID'), { target: { value: 'OLAYA-2' } });
    fireEvent.change(within(dialog).getByLabelText('Label'), { target: { value: 'Olaya kiosk' } });
    fireEvent.change(within(dialog).getByLabelText('Phone number'), { target: { value: '+966 (50) 123-4567' } });
    fireEvent.change(within(dialog).getByLabelText('Owner email 1'), { target: { value: 'owner@example.com' } });
    const address = within(dialog).getByRole('combobox', { name: 'Address' });
    fireEvent.change(address, { target: { value: 'Olaya' } });
    fireEvent.focus(address);
    fireEvent.mouseDown(await screen.findByRole('option', { name: /Al Olaya/ }, { timeout: 2000 }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save collection point' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ vendorId: 'sa-1099', isNew: true }));
    expect(bodies[0]).toMatchObject({
      parent_vendor_id: 'sa-1000',
      client_vendor_id: 'OLAYA-2',
      name: 'Olaya kiosk',
      phone_number: '+966501234567',
      address: 'Al Olaya, Riyadh, Saudi Arabia',
      latitude: 24.6985,
      users: ['owner@example.com'],
      country_code: 'SA',
    });
    expect(await screen.findByText('The collection point has been saved successfully. It will take a few minutes to become available.')).toBeTruthy();
  });

  it('locks the collection point ID when editing and shows the server message on failure', async () => {
    const outlet: Vendor = { ...parent, vendor_id: 'sa-1001', parent_vendor_id: 'sa-1000', client_vendor_id: 'OLAYA-1', name: 'Olaya' };
    renderDialog(
      {
        updateOutlet: async () => {
          throw new Error('collection-point.error.fill-label');
        },
      },
      collectionPointFormOf(outlet),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Edit collection point' });
    const id = within(dialog).getByLabelText('Collection point ID') as HTMLInputElement;
    expect(id.readOnly).toBe(true);
    fireEvent.change(within(dialog).getByLabelText('Phone number'), { target: { value: '+966501234567' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save collection point' }));
    expect(await screen.findByText('Please enter label')).toBeTruthy();
  });
});
