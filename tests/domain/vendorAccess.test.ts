// SPEC §6: a registered vendor user "must have at least one associated vendor or outlet", and DESIGN's roles
// are "per vendor or outlet": what a member may do is the role at that vendor, so until the vendor list has
// answered it is not known. A page shows neither the part nor a refusal then, but a loading state; a
// guest (a placeholder vendor) and a GoDroid session have no role, and act in their whole scope.
import { describe, expect, it } from 'vitest';
import { CAPABILITIES, vendorAccess, type Capability } from '../../domain';

const ROLE_DEPENDENT: readonly Capability[] = CAPABILITIES.filter((capability) => capability !== 'orders.view');

describe('what a page may show at a vendor', () => {
  it('is pending, not allowed, while the vendor list is loading', () => {
    for (const capability of ROLE_DEPENDENT) expect(vendorAccess('pending', capability), capability).toBe('pending');
  });

  it('allows while loading what every role may do (tracking and history): the answer does not wait on the role', () => {
    expect(vendorAccess('pending', 'orders.view')).toBe('allowed');
  });

  it("follows the member's role once the vendor is listed", () => {
    expect(vendorAccess({ role: 'owner' }, 'exports')).toBe('allowed');
    expect(vendorAccess({ role: 'owner' }, 'team')).toBe('allowed');
    expect(vendorAccess({ role: 'dispatcher' }, 'exports')).toBe('refused');
    expect(vendorAccess({ role: 'dispatcher' }, 'orders.place')).toBe('allowed');
    expect(vendorAccess({ role: 'viewer' }, 'orders.place')).toBe('refused');
    expect(vendorAccess({ role: 'manager' }, 'team')).toBe('refused');
  });

  it('allows everything in its scope to a listed vendor without a role (a GoDroid session, a guest)', () => {
    for (const capability of CAPABILITIES) expect(vendorAccess({}, capability)).toBe('allowed');
  });

  it('refuses a vendor the loaded list does not hold (not the member\'s, or the list failed)', () => {
    for (const capability of CAPABILITIES) expect(vendorAccess('unlisted', capability)).toBe('refused');
  });
});
