// @vitest-environment jsdom
// Settings → Team in jsdom over a fake API that records what reaches it: the members with their role
// and status, the invite dialog (the server's refusal shown translated), role changes, suspend and
// remove behind a confirmation, and the last owner's controls disabled with the reason.
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../adapters/http/apiError';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import type { ApiClient, InvitationBody, Member, MemberChangeBody, Team } from '../../adapters/ports';
import type { Vendor } from '../../domain/types';
import { VendorsContext, type VendorsApi } from '../../src/app/vendors/VendorsContext';
import { OrdersServicesProvider } from '../../src/components/orders/OrdersServicesContext';
import { TeamScreen } from '../../src/screens/team/TeamScreen';
import { aVendor } from '../machines/builders';
import { catalogue, fakeApi, Providers } from './renderApp';

afterEach(cleanup);

const parent: Vendor = { ...aVendor({ vendor_id: 'p-1', name: 'Riyadh Bakery', is_parent: true, parent_vendor_id: null }) };
const outlet: Vendor = { ...aVendor({ vendor_id: 'o-2', name: 'Olaya Outlet', is_parent: false, parent_vendor_id: 'p-1' }) };
const vendors: VendorsApi = { list: 'loaded', vendors: [parent, outlet], selected: parent, select: () => undefined, showToggleOutlet: true, includeOutlets: false, setIncludeOutlets: () => undefined };

const OWNER: Member = { account_id: 'a-1', email: 'owner@example.com', vendor_id: 'p-1', role: 'owner', status: 'active' };
const DISPATCHER: Member = { account_id: 'a-2', email: 'omar@example.com', vendor_id: 'p-1', role: 'dispatcher', status: 'active' };
const VIEWER: Member = { account_id: 'a-3', email: 'counter@example.com', vendor_id: 'o-2', role: 'viewer', status: 'suspended' };

/** A team server in memory: what it holds, and every call that reached it. */
function teamServer(members: Member[] = [OWNER, DISPATCHER, VIEWER], options: { inviteRefusal?: string; invitations?: Team['invitations'] } = {}) {
  const calls: unknown[][] = [];
  let team: Team = { members, invitations: options.invitations ?? [] };
  const api: Partial<ApiClient> = {
    getTeam: async (vendorId) => {
      calls.push(['getTeam', vendorId]);
      return team;
    },
    inviteMember: async (vendorId: string, body: InvitationBody) => {
      calls.push(['inviteMember', vendorId, body]);
      if (options.inviteRefusal) throw new ApiError('http', 409, options.inviteRefusal, 'email_address', options.inviteRefusal);
      const invitation = { invitation_id: 'i-1', email: body.email_address, vendor_id: vendorId, role: body.role, invited_by: OWNER.email, created_at: 1_800_000_000, expires_at: 1_800_259_200 };
      team = { ...team, invitations: [invitation, ...team.invitations] };
      return invitation;
    },
    changeMember: async (vendorId: string, accountId: string, change: MemberChangeBody) => {
      calls.push(['changeMember', vendorId, accountId, change]);
      return true;
    },
    removeMember: async (vendorId: string, accountId: string) => {
      calls.push(['removeMember', vendorId, accountId]);
      return true;
    },
    resendInvitation: async (vendorId: string, invitationId: string) => {
      calls.push(['resendInvitation', vendorId, invitationId]);
      const renewed = { ...(team.invitations.find((known) => known.invitation_id === invitationId) ?? team.invitations[0]!), expires_at: 1_800_259_200 };
      return renewed;
    },
    revokeInvitation: async (vendorId: string, invitationId: string) => {
      calls.push(['revokeInvitation', vendorId, invitationId]);
      return true;
    },
  };
  return { api: fakeApi(api), calls };
}

function renderTeam(api: ApiClient, locale = 'en') {
  return render(
    <Providers locale={locale}>
      <VendorsContext.Provider value={vendors}>
        <OrdersServicesProvider services={{ api, live: { subscribe: () => ({ change: () => undefined, close: () => undefined }), renew: () => undefined }, storage: createMemoryStorage(), clock: { nowUnix: () => 1_800_000_000 }, saveFile: () => undefined }}>
          <TeamScreen />
        </OrdersServicesProvider>
      </VendorsContext.Provider>
    </Providers>,
  );
}

const rowOf = async (email: string) => (await screen.findByRole('rowheader', { name: email })).closest('tr') as HTMLElement;

describe('Settings → Team', () => {
  it('lists each member with the branch, role and status', async () => {
    const { api, calls } = teamServer();
    renderTeam(api);
    const viewer = await rowOf('counter@example.com');
    expect(within(viewer).getByText('Olaya Outlet')).toBeTruthy();
    expect((within(viewer).getByRole('combobox', { name: 'Role of counter@example.com' }) as HTMLSelectElement).value).toBe('viewer');
    expect(within(viewer).getByText('Suspended')).toBeTruthy();
    expect(within(viewer).getByRole('button', { name: 'Reactivate counter@example.com' })).toBeTruthy();
    expect(within(await rowOf('omar@example.com')).getByText('Active')).toBeTruthy();
    expect(calls).toEqual([['getTeam', 'p-1']]);
  });

  it('disables the last owner\'s role, suspend and remove, and says why', async () => {
    const { api } = teamServer();
    renderTeam(api);
    const owner = await rowOf('owner@example.com');
    expect((within(owner).getByRole('combobox') as HTMLSelectElement).disabled).toBe(true);
    expect((within(owner).getByRole('button', { name: 'Suspend owner@example.com' }) as HTMLButtonElement).disabled).toBe(true);
    expect((within(owner).getByRole('button', { name: 'Remove member owner@example.com' }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(owner).getByTestId('last-owner-reason').textContent).toBe(catalogue('en')['team.error.last-owner']);
    // Another member's controls stay usable.
    expect((within(await rowOf('omar@example.com')).getByRole('button', { name: 'Remove member omar@example.com' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('leaves an owner\'s controls enabled while another active owner remains', async () => {
    const { api } = teamServer([OWNER, { ...DISPATCHER, role: 'owner' }]);
    renderTeam(api);
    const owner = await rowOf('owner@example.com');
    expect((within(owner).getByRole('button', { name: 'Remove member owner@example.com' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByTestId('last-owner-reason')).toBeNull();
  });

  it('changes a member\'s role on the member\'s own link', async () => {
    const { api, calls } = teamServer();
    renderTeam(api);
    const viewer = await rowOf('counter@example.com');
    fireEvent.change(within(viewer).getByRole('combobox'), { target: { value: 'dispatcher' } });
    await waitFor(() => expect(calls).toContainEqual(['changeMember', 'o-2', 'a-3', { role: 'dispatcher' }]));
    await waitFor(() => expect((within(viewer).getByRole('combobox') as HTMLSelectElement).value).toBe('dispatcher'));
  });

  it('suspends only after the confirmation, and shows the member suspended', async () => {
    const { api, calls } = teamServer();
    renderTeam(api);
    const row = await rowOf('omar@example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Suspend omar@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Suspend omar@example.com?')).toBeTruthy();
    expect(calls.filter(([name]) => name === 'changeMember')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Suspend' }));
    await waitFor(() => expect(calls).toContainEqual(['changeMember', 'p-1', 'a-2', { status: 'suspended' }]));
    await waitFor(() => expect(within(row).getByText('Suspended')).toBeTruthy());
  });

  it('removes a member after the confirmation; cancelling changes nothing', async () => {
    const { api, calls } = teamServer();
    renderTeam(api);
    fireEvent.click(within(await rowOf('omar@example.com')).getByRole('button', { name: 'Remove member omar@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter(([name]) => name === 'removeMember')).toEqual([]);
    fireEvent.click(within(await rowOf('omar@example.com')).getByRole('button', { name: 'Remove member omar@example.com' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Remove member' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'omar@example.com' })).toBeNull());
    expect(calls).toContainEqual(['removeMember', 'p-1', 'a-2']);
  });

  it('sends an invitation again at its own outlet and says so; withdraws one only after the confirmation', async () => {
    const late = { invitation_id: 'i-9', email: 'late@example.com', vendor_id: 'o-2', role: 'viewer' as const, invited_by: OWNER.email, created_at: 1_799_000_000, expires_at: 1_799_259_200 };
    const { api, calls } = teamServer(undefined, { invitations: [late] });
    renderTeam(api);
    const row = await rowOf('late@example.com');
    fireEvent.click(within(row).getByRole('button', { name: 'Send again late@example.com' }));
    expect(await screen.findByText('A new invitation link was sent to late@example.com. It is valid for 72 hours.')).toBeTruthy();
    expect(calls).toContainEqual(['resendInvitation', 'o-2', 'i-9']);
    fireEvent.click(within(await rowOf('late@example.com')).getByRole('button', { name: 'Withdraw late@example.com' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Withdraw the invitation to late@example.com?')).toBeTruthy();
    expect(calls.filter(([name]) => name === 'revokeInvitation')).toEqual([]);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(screen.queryByRole('rowheader', { name: 'late@example.com' })).toBeNull());
    expect(calls).toContainEqual(['revokeInvitation', 'o-2', 'i-9']);
  });

  it('labels every value with its column, for the card each row becomes on a phone', async () => {
    const late = { invitation_id: 'i-9', email: 'late@example.com', vendor_id: 'o-2', role: 'viewer' as const, invited_by: OWNER.email, created_at: 1_799_000_000, expires_at: 1_799_259_200 };
    const { api } = teamServer(undefined, { invitations: [late] });
    renderTeam(api, 'ar-SA');
    await rowOf('late@example.com');
    const ar = catalogue('ar-SA');
    for (const table of screen.getAllByRole('table')) {
      const columns = within(table).getAllByRole('columnheader').map((header) => header.textContent);
      for (const row of within(table).getAllByRole('row').slice(1)) {
        // The row header is the card's title and the actions cell spans the card: neither is labelled.
        const labels = [...row.querySelectorAll('td')].map((cell) => cell.getAttribute('data-label'));
        expect(labels).toEqual([...columns.slice(1, -1), null]);
      }
    }
    const labelsOf = (email: string) => [...(screen.getByRole('rowheader', { name: email }).closest('tr') as HTMLElement).querySelectorAll('td[data-label]')].map((cell) => cell.getAttribute('data-label'));
    expect(labelsOf('omar@example.com')).toEqual([ar['team.branch'], ar['team.role'], ar['team.status']]);
    expect(labelsOf('late@example.com')).toEqual([ar['team.role'], ar['team.invited-by'], ar['team.expires']]);
  });

  it('invites an address with a role; the dialog closes, the invitation is listed and the sending is confirmed', async () => {
    const { api, calls } = teamServer();
    renderTeam(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog', { name: 'New invitation' });
    fireEvent.change(within(dialog).getByLabelText('E-mail address'), { target: { value: ' New.Person@Example.com ' } });
    fireEvent.change(within(dialog).getByRole('combobox', { name: 'Role' }), { target: { value: 'manager' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).toContainEqual(['inviteMember', 'p-1', { email_address: 'new.person@example.com', role: 'manager' }]);
    expect(screen.getByText('Invitation sent to new.person@example.com. The link is valid for 72 hours.')).toBeTruthy();
    const invitation = within(screen.getByRole('region', { name: 'Pending invitations' })).getByTestId('team-invitation-row');
    expect(invitation.textContent).toContain('new.person@example.com');
    expect(invitation.textContent).toContain('Manager');
  });

  it('shows the server\'s refusal inside the dialog, translated, and keeps what was typed', async () => {
    const { api } = teamServer(undefined, { inviteRefusal: 'team.error.already-member' });
    renderTeam(api, 'ar-SA');
    const ar = catalogue('ar-SA');
    fireEvent.click(await screen.findByRole('button', { name: ar['team.invite'] }));
    const dialog = await screen.findByRole('dialog');
    const field = within(dialog).getByLabelText(ar['team.invite.email']!) as HTMLInputElement;
    fireEvent.change(field, { target: { value: 'omar@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: ar['team.invite.send'] }));
    expect(await within(dialog).findByText(ar['team.error.already-member']!)).toBeTruthy();
    expect(field.value).toBe('omar@example.com');
  });

  it('refuses an address that is not one without calling the server', async () => {
    const { api, calls } = teamServer();
    renderTeam(api);
    fireEvent.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('E-mail address'), { target: { value: 'omar' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(catalogue('en')['validation.invalid-email']!)).toBeTruthy();
    expect(calls.filter(([name]) => name === 'inviteMember')).toEqual([]);
  });

  it('offers a retry when the team cannot load', async () => {
    let attempts = 0;
    const api = fakeApi({
      getTeam: async () => {
        attempts += 1;
        if (attempts === 1) throw new ApiError('http', 500, 'error.server', null, 'error.server');
        return { members: [OWNER], invitations: [] };
      },
    });
    renderTeam(api);
    expect(await screen.findByText('The team could not be loaded.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await rowOf('owner@example.com')).toBeTruthy();
  });
});
