import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import type { Vendor } from '../../domain/types';
import { vendorsMachine } from '../../machines/vendors';

const vendor = (id: string, isParent: boolean) => ({ vendor_id: id, is_parent: isParent, name: id }) as Vendor;

function start(vendors: () => Promise<Vendor[]>, options: { preferred?: string | null; allowed?: boolean } = {}) {
  const toast = vi.fn();
  const remember = vi.fn();
  const permission = vi.fn(async () => options.allowed ?? true);
  const machine = vendorsMachine.provide({
    actors: { loadVendors: fromPromise(vendors), loadOutletPermission: fromPromise(permission) },
    actions: { toast: (_, params) => toast(params), rememberSelection: (_, params) => remember(params) },
  });
  const actor = createActor(machine, { input: { preferredVendorId: options.preferred ?? null, includeOutlets: false } }).start();
  return { actor, toast, remember, permission };
}

describe('vendors machine', () => {
  it('keeps the remembered vendor when still reachable and asks whether a parent may include outlets', async () => {
    const { actor, permission, remember } = start(async () => [vendor('p-1', true), vendor('o-2', false)], { preferred: 'p-1' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 'p-1', outletOrdersAllowed: true });
    expect(permission).toHaveBeenCalledWith(expect.objectContaining({ input: { vendorId: 'p-1' } }));
    expect(remember).toHaveBeenLastCalledWith({ vendorId: 'p-1', includeOutlets: false });
  });

  it('falls back to the first vendor and skips the parameter when no vendor is a parent', async () => {
    const { actor, permission } = start(async () => [vendor('o-2', false)], { preferred: 'gone' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 'o-2', outletOrdersAllowed: false });
    expect(permission).not.toHaveBeenCalled();
  });

  it('asks the parameter for the parent even when an outlet is remembered', async () => {
    const { actor, permission } = start(async () => [vendor('p-1', true), vendor('o-2', false)], { preferred: 'o-2' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 'o-2', outletOrdersAllowed: true });
    expect(permission).toHaveBeenCalledWith(expect.objectContaining({ input: { vendorId: 'p-1' } }));
  });

  it('ignores a selection outside the list and remembers a real change', async () => {
    const { actor, remember } = start(async () => [vendor('p-1', true), vendor('o-2', false)]);
    await waitFor(actor, (s) => s.matches('ready'));
    actor.send({ type: 'vendor.selected', vendorId: 'stranger' });
    expect(actor.getSnapshot().context.selectedId).toBe('p-1');
    actor.send({ type: 'vendor.selected', vendorId: 'o-2' });
    expect(actor.getSnapshot().context.selectedId).toBe('o-2');
    expect(remember).toHaveBeenLastCalledWith({ vendorId: 'o-2', includeOutlets: false });
  });

  it.each([
    ['an empty list', async () => [] as Vendor[], 'empty', 'error.no-vendors'],
    ['a failed call', async (): Promise<Vendor[]> => Promise.reject(new Error('offline')), 'failed', 'error.cant-retrieve-vendors'],
  ] as const)('toasts for %s for 10 s (SPEC §8)', async (_, load, state, message) => {
    const { actor, toast } = start(load);
    await waitFor(actor, (s) => s.matches(state));
    expect(toast).toHaveBeenCalledWith({ kind: 'error', message, durationMs: 10_000 });
  });
});
