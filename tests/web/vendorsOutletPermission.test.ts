// SPEC.md §2/§6/§7: the include-all-outlets toggle follows the allOutletOrders parameter of the
// selected vendor's parent, for accounts whose parent vendors sit in different countries.
import { createActor, fromPromise, waitFor } from 'xstate';
import { describe, expect, it } from 'vitest';
import { outletPermissionParentId } from '../../domain/parentVendor';
import type { Vendor } from '../../domain/types';
import { vendorsMachine } from '../../machines/vendors';

const vendor = (id: string, parent: string | null) => ({ vendor_id: id, is_parent: parent === null, parent_vendor_id: parent, name: id }) as Vendor;
// A Saudi parent that allows outlet orders, a Kuwaiti one that does not, and an outlet of each.
const SA = vendor('sa-1', null);
const KW = vendor('kw-1', null);
const SA_OUTLET = vendor('sa-1-a', 'sa-1');
const KW_OUTLET = vendor('kw-1-a', 'kw-1');
const ALLOWED: Record<string, boolean> = { 'sa-1': true, 'kw-1': false };

function start(preferred: string) {
  const asked: string[] = [];
  const machine = vendorsMachine.provide({
    actors: {
      loadVendors: fromPromise(async () => [SA, KW, SA_OUTLET, KW_OUTLET]),
      loadOutletPermission: fromPromise(async ({ input }: { input: { vendorId: string } }) => {
        asked.push(input.vendorId);
        return ALLOWED[input.vendorId] ?? false;
      }),
    },
  });
  const actor = createActor(machine, { input: { preferredVendorId: preferred, includeOutlets: false } }).start();
  return { actor, asked };
}

describe('include-all-outlets permission per parent vendor', () => {
  it.each([
    ['sa-1', 'sa-1', true],
    ['kw-1', 'kw-1', false],
    ['sa-1-a', 'sa-1', true],
    ['kw-1-a', 'kw-1', false],
  ])('with %s selected, asks its parent %s and allows: %s', async (selected, parent, allowed) => {
    const { actor, asked } = start(selected);
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(asked).toEqual([parent]);
    expect(actor.getSnapshot().context.outletOrdersAllowed).toBe(allowed);
  });

  it('switching to a branch of another parent asks that parent once, then answers from memory', async () => {
    const { actor, asked } = start('sa-1');
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    actor.send({ type: 'vendor.selected', vendorId: 'kw-1-a' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready') && snapshot.context.selectedId === 'kw-1-a');
    expect(actor.getSnapshot().context.outletOrdersAllowed).toBe(false);
    actor.send({ type: 'vendor.selected', vendorId: 'sa-1-a' });
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 'sa-1-a', outletOrdersAllowed: true });
    actor.send({ type: 'vendor.selected', vendorId: 'kw-1' });
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 'kw-1', outletOrdersAllowed: false });
    expect(asked).toEqual(['sa-1', 'kw-1']);
  });

  it('a branch chosen while the first parent is being asked is the one answered for', async () => {
    const { actor, asked } = start('sa-1');
    await waitFor(actor, (snapshot) => snapshot.matches('checkingOutlets'));
    actor.send({ type: 'vendor.selected', vendorId: 'kw-1' });
    await waitFor(actor, (snapshot) => snapshot.matches('ready'));
    expect(actor.getSnapshot().context).toMatchObject({ selectedId: 'kw-1', outletOrdersAllowed: false });
    expect(asked.at(-1)).toBe('kw-1');
  });
});

describe('outletPermissionParentId', () => {
  it.each<[string, Vendor | null, Vendor[], string | null]>([
    ['a parent answers for itself', KW, [SA, KW], 'kw-1'],
    ['an outlet is answered for by its parent', KW_OUTLET, [SA, KW, KW_OUTLET], 'kw-1'],
    ['an outlet whose parent the account lacks falls to the first parent', KW_OUTLET, [SA, KW_OUTLET], 'sa-1'],
    ['no selection falls to the first parent', null, [SA, KW], 'sa-1'],
    ['an account without parents has none', SA_OUTLET, [SA_OUTLET], null],
  ])('%s', (_, selected, vendors, expected) => {
    expect(outletPermissionParentId(selected, vendors)).toBe(expected);
  });
});
