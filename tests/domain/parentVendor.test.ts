// SPEC.md §2/§6/§7 allOutletOrders: the include-all-outlets toggle is decided by the parent vendor
// that answers for the selected branch (an account's parents may sit in different countries).
import { describe, expect, it } from 'vitest';
import { outletPermissionParentId, type Vendor } from '../../domain';

const parent = (id: string) => ({ vendor_id: id, is_parent: true, parent_vendor_id: null }) as Vendor;
const outlet = (id: string, parentId: string | null) => ({ vendor_id: id, is_parent: false, parent_vendor_id: parentId }) as Vendor;

const SA = parent('sa-1');
const KW = parent('kw-1');
const SA_OUTLET = outlet('sa-1-a', 'sa-1');
const KW_OUTLET = outlet('kw-1-a', 'kw-1');
// Outlets listed first, so "the first vendor" and "the first parent" differ.
const ACCOUNT = [SA_OUTLET, KW_OUTLET, SA, KW];

describe('outletPermissionParentId (SPEC §2 include-all-outlets toggle)', () => {
  it('a selected parent answers for itself, whichever parent comes first', () => {
    expect(outletPermissionParentId(KW, ACCOUNT)).toBe('kw-1');
    expect(outletPermissionParentId(SA, ACCOUNT)).toBe('sa-1');
  });

  it("a selected outlet is answered for by its own parent, not by the account's first parent", () => {
    expect(outletPermissionParentId(KW_OUTLET, ACCOUNT)).toBe('kw-1');
    expect(outletPermissionParentId(SA_OUTLET, ACCOUNT)).toBe('sa-1');
  });

  it("an outlet whose parent the account does not hold falls back to the account's first parent", () => {
    expect(outletPermissionParentId(outlet('eg-1-a', 'eg-1'), ACCOUNT)).toBe('sa-1');
    expect(outletPermissionParentId(outlet('lone', null), [KW_OUTLET, KW, SA])).toBe('kw-1');
  });

  it('a parent the account does not list is not trusted to answer: the first listed parent does', () => {
    expect(outletPermissionParentId(parent('eg-1'), ACCOUNT)).toBe('sa-1');
  });

  it("with nothing selected the account's first parent answers", () => {
    expect(outletPermissionParentId(null, ACCOUNT)).toBe('sa-1');
  });

  it('an account without parent vendors has no one to ask', () => {
    expect(outletPermissionParentId(SA_OUTLET, [SA_OUTLET, KW_OUTLET])).toBeNull();
    expect(outletPermissionParentId(null, [])).toBeNull();
  });
});
