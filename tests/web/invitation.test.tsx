// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../adapters/http/apiError';
import type { InvitationView, LoginResult } from '../../adapters/ports';
import { fakeSession, NO_ACCOUNT_CALLS, renderApp } from './renderApp';

// The page the team invitation e-mail links to (server/teams/README.md): what reaches the API and the
// session, what the person reads, where the page goes.
afterEach(cleanup);

const invitation: InvitationView = { email: 'new.member@example.com', vendor_name: 'Burger Hub Olaya', role: 'viewer', expires_at: 2_000_000_000, has_account: false };
const answer: LoginResult = { user: { id: 'a-2', email: 'new.member@example.com', email_verified: true }, AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: 2_000_000_000 };
const linkError = (key: string) => new ApiError('http', 422, key, 'token', key);

describe('invitation page', () => {
  it('shows whom and where, creates the account with a checked password, signs in with the answer and leaves the page', async () => {
    const getInvitation = vi.fn(async () => invitation);
    const acceptInvitation = vi.fn(async () => answer);
    const adoptLogin = vi.fn();
    const { router } = renderApp('/invitation?token=mailed-token', {
      account: { ...NO_ACCOUNT_CALLS, getInvitation, acceptInvitation },
      session: fakeSession({ adoptLogin }),
    });
    expect(await screen.findByRole('heading', { name: 'Join Burger Hub Olaya' })).toBeTruthy();
    expect(screen.getByText('This invitation is for new.member@example.com, as Viewer.')).toBeTruthy();
    expect(getInvitation).toHaveBeenCalledWith('mailed-token');

    // The sign-up password rules apply before anything is sent.
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Other!pass1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText(/do not match|don't match/i)).toBeTruthy();
    expect(acceptInvitation).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    await waitFor(() => expect(adoptLogin).toHaveBeenCalledWith(answer));
    expect(acceptInvitation).toHaveBeenCalledWith('mailed-token', 'Str0ng!pass');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/invitation'));
  });

  it('asks an existing account for its password only, and shows a refused one', async () => {
    const acceptInvitation = vi.fn(async () => Promise.reject(new ApiError('http', 401, 'NotAuthorizedException', 'password', 'NotAuthorizedException')));
    renderApp('/invitation?token=t-1', {
      account: { ...NO_ACCOUNT_CALLS, getInvitation: async () => ({ ...invitation, has_account: true }), acceptInvitation },
    });
    expect(await screen.findByText('This address already has an account. Enter its password to join.')).toBeTruthy();
    expect(screen.queryByLabelText('Confirm password')).toBeNull();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'whatever' } });
    fireEvent.click(screen.getByRole('button', { name: 'Accept the invitation' }));
    expect(await screen.findByText('Incorrect email address or password.')).toBeTruthy();
    expect(acceptInvitation).toHaveBeenCalledWith('t-1', 'whatever');
  });

  it.each([
    ['team.error.invitation-expired', 'This invitation has expired. Ask for a new one.'],
    ['team.error.invitation-invalid', 'This invitation link is not valid or has already been used.'],
  ])('explains a link the server refuses with %s and offers the way home', async (key, text) => {
    renderApp('/invitation?token=old', { account: { ...NO_ACCOUNT_CALLS, getInvitation: async () => Promise.reject(linkError(key)) } });
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByText(text)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
  });

  it('treats a link without a token as unusable, asking the server nothing', async () => {
    const getInvitation = vi.fn(async () => invitation);
    renderApp('/invitation', { account: { ...NO_ACCOUNT_CALLS, getInvitation } });
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used' })).toBeTruthy();
    expect(screen.getByText('This invitation link is not valid or has already been used.')).toBeTruthy();
    expect(getInvitation).not.toHaveBeenCalled();
  });
});
