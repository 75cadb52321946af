// @vitest-environment jsdom
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import { WelcomeMemoryContext, type WelcomeMemory } from '../../src/app/preferences/WelcomeMemoryContext';
import { WelcomeCarousel } from '../../src/screens/landing/WelcomeCarousel';
import { FALLBACK_FLAGS } from '../../src/app/flags/FlagsContext';
import { fakeSession, NO_ACCOUNT_CALLS, Providers, renderApp } from './renderApp';

afterEach(cleanup);

describe('pages as a visitor meets them', () => {
  it('shows the 404 page for an unknown path', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeTruthy();
  });

  it('shows the landing page with the brand name injected and the welcome carousel', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: 'Why HungerStation Send' })).toBeTruthy();
    expect(screen.getByText('Welcome to HungerStation Send')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip' })).toBeNull();
  });

  it('Skip hides the carousel', async () => {
    renderApp('/');
    fireEvent.click(await screen.findByRole('button', { name: 'Skip' }));
    expect(screen.queryByText('Welcome to HungerStation Send')).toBeNull();
  });

  it.each([
    ['Skip', [] as string[]],
    ['Start', ['Next', 'Next']],
  ])('%s is remembered so a returning visitor is not welcomed again', async (button, before) => {
    const memory: WelcomeMemory = { seen: false, markSeen: vi.fn() };
    const onStart = vi.fn();
    const view = render(
      <Providers>
        <WelcomeMemoryContext.Provider value={memory}>
          <WelcomeCarousel onStart={onStart} />
        </WelcomeMemoryContext.Provider>
      </Providers>,
    );
    for (const step of before) fireEvent.click(await screen.findByRole('button', { name: step }));
    fireEvent.click(await screen.findByRole('button', { name: button }));
    expect(memory.markSeen).toHaveBeenCalledOnce();
    view.rerender(
      <Providers>
        <WelcomeMemoryContext.Provider value={{ ...memory, seen: true }}>
          <WelcomeCarousel onStart={onStart} />
        </WelcomeMemoryContext.Provider>
      </Providers>,
    );
    expect(screen.queryByRole('region', { name: /welcome/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Next' })).toBeNull();
  });

  it('hides the register links under DeactivateSignUpButton', async () => {
    renderApp('/connect', { flags: { DeactivateSignUpButton: true } });
    await screen.findByRole('heading', { name: 'Log in to HungerStation Send' });
    expect(screen.queryByRole('link', { name: 'Create an account' })).toBeNull();
  });
});

describe('login (/connect)', () => {
  it('validates, keeps what was typed, then sends the credentials to the session', async () => {
    const login = vi.fn();
    renderApp('/connect', { session: fakeSession({ login }) });
    const email = await screen.findByLabelText('Email address');
    fireEvent.change(email, { target: { value: 'not-an-email' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByText('Please enter a valid email')).toBeTruthy();
    expect(screen.getByText('Please enter your password')).toBeTruthy();
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect((email as HTMLInputElement).value).toBe('not-an-email');
    expect(login).not.toHaveBeenCalled();

    fireEvent.change(email, { target: { value: ' vendor@example.com ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Portal!2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(login).toHaveBeenCalledWith('vendor@example.com', 'Portal!2026');
  });

  it('shows the submit as busy while signing in', async () => {
    renderApp('/connect', { session: fakeSession({ status: 'signingIn' }) });
    const button = await screen.findByRole('button', { name: 'Log in' });
    expect(button.getAttribute('aria-busy')).toBe('true');
  });

  it('explains an unverified address and sends the verification link again on request', async () => {
    const login = vi.fn();
    const resendVerification = vi.fn(async () => true);
    renderApp('/connect', {
      session: fakeSession({ login, loginError: 'UserNotConfirmedException' }),
      account: { ...NO_ACCOUNT_CALLS, resendVerification },
    });
    // Nothing is said before this screen sent a login.
    await screen.findByLabelText('Email address');
    expect(screen.queryByText('Please verify your email address first. Check your inbox for the link.')).toBeNull();
    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: ' New.Owner@Example.com. ' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Str0ng!pass' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    // The one e-mail rule (domain/email.ts) gives the server one spelling.
    expect(login).toHaveBeenCalledWith('new.owner@example.com', 'Str0ng!pass');
    expect(await screen.findByText('Please verify your email address first. Check your inbox for the link.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the verification link again' }));
    expect(await screen.findByText(/If new\.owner@example\.com is waiting for its verification, a new link is on its way/)).toBeTruthy();
    expect(resendVerification).toHaveBeenCalledWith('new.owner@example.com');
    expect(screen.queryByRole('button', { name: 'Send the verification link again' })).toBeNull();
  });

  it('confirms a verified email from the link', async () => {
    renderApp('/connect?verified=1');
    expect(await screen.findByText('Your email address is verified. You can log in now.')).toBeTruthy();
  });
});

describe('registration (/register)', () => {
  it('applies the domain password rules and the phone rule, then registers', async () => {
    const register = vi.fn(async () => ({ user_id: 'u-1' }));
    renderApp('/register', { account: { ...NO_ACCOUNT_CALLS, register, requestPasswordReset: vi.fn(), resetPassword: vi.fn(), resendVerification: vi.fn() } });
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'shop@example.com' } });
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Corner Shop' } });
    fireEvent.change(screen.getByLabelText('Vendor code'), { target: { value: 'SA-NEW-1' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+96650' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getByText("The phone number doesn't seem correct")).toBeTruthy();
    expect(screen.getByText('The password needs at least 8 characters')).toBeTruthy();
    expect(screen.getByText('Please accept the terms and conditions')).toBeTruthy();
    expect(register).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+966 50 123 4567' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Portal!2026' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Portal!2026' } });
    fireEvent.click(screen.getByRole('checkbox'));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    });
    expect(register).toHaveBeenCalledWith({
      email_address: 'shop@example.com',
      password: 'Portal!2026',
      vendor_name: 'Corner Shop',
      vendor_code: 'SA-NEW-1',
      phone_number: '+966501234567',
      terms_accepted: true,
    });
    expect(await screen.findByRole('heading', { name: 'Check your inbox' })).toBeTruthy();
  });

  it("shows the server's translation key and keeps the form", async () => {
    const register = vi.fn(async () => {
      throw Object.assign(new Error('validation'), { translationKey: 'register.error.email-already-registered' });
    });
    renderApp('/register', { account: { ...NO_ACCOUNT_CALLS, register, requestPasswordReset: vi.fn(), resetPassword: vi.fn(), resendVerification: vi.fn() } });
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'taken@example.com' } });
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: 'Corner Shop' } });
    fireEvent.change(screen.getByLabelText('Vendor code'), { target: { value: 'SA-NEW-1' } });
    fireEvent.change(screen.getByLabelText('Mobile number'), { target: { value: '+966501234567' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'Portal!2026' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Portal!2026' } });
    fireEvent.click(screen.getByRole('checkbox'));
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email address is already registered.')).toBeTruthy();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('taken@example.com');
  });
});

describe('password reset (/forgot-password)', () => {
  it('requests a code, then checks the 6-digit code and the new password before resetting', async () => {
    const requestPasswordReset = vi.fn(async () => true);
    const resetPassword = vi.fn(async () => true);
    renderApp('/forgot-password', { account: { ...NO_ACCOUNT_CALLS, register: vi.fn(), requestPasswordReset, resetPassword, resendVerification: vi.fn() } });
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'vendor@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    expect(requestPasswordReset).toHaveBeenCalledWith('vendor@example.com');

    const code = await screen.findByLabelText('Verification code');
    fireEvent.change(code, { target: { value: '12a34' } });
    expect((code as HTMLInputElement).value).toBe('1234');
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Portal!2026' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Portal!2027' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(screen.getByText('The code has 6 digits')).toBeTruthy();
    expect(screen.getByText('The two passwords do not match')).toBeTruthy();
    expect(resetPassword).not.toHaveBeenCalled();

    fireEvent.change(code, { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Portal!2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    await waitFor(() => expect(resetPassword).toHaveBeenCalledWith('vendor@example.com', '123456', 'Portal!2026'));
    expect(await screen.findByRole('heading', { name: 'Password changed' })).toBeTruthy();
  });
});

describe('the guest dialog', () => {
  it('has a close button that closes it without starting a session', async () => {
    const startGuest = vi.fn(async () => undefined);
    renderApp('/', { session: fakeSession({ startGuest }), flags: { ...FALLBACK_FLAGS, GuestCheckout: true } });
    fireEvent.click((await screen.findAllByRole('button', { name: /^(Request a rider|Continue as guest)$/ }))[0] as HTMLElement);
    const dialog = await screen.findByRole('dialog', { name: 'Continue as a guest' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(startGuest).not.toHaveBeenCalled();
  });
});

describe('account errors as the server answers them', () => {
  async function submitReset(resetPassword: () => Promise<unknown>) {
    renderApp('/forgot-password', { account: { ...NO_ACCOUNT_CALLS, register: vi.fn(), requestPasswordReset: vi.fn(async () => true), resetPassword } });
    fireEvent.change(await screen.findByLabelText('Email address'), { target: { value: 'vendor@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send code' }));
    fireEvent.change(await screen.findByLabelText('Verification code'), { target: { value: '123456' } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Portal!2026' } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: 'Portal!2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
  }

  it('explains a wrong reset code (translation_key auth.CodeMismatchException) instead of showing the key', async () => {
    await submitReset(async () => { throw Object.assign(new Error('CodeMismatchException'), { translationKey: 'auth.CodeMismatchException' }); });
    expect(await screen.findByText('This code is not correct.')).toBeTruthy();
    expect(screen.queryByText(/auth\./)).toBeNull();
  });

  it('explains a bare identity-provider code (a rate limit) and a password rule the server refused', async () => {
    await submitReset(async () => { throw Object.assign(new Error('TooManyRequestsException'), { translationKey: 'TooManyRequestsException' }); });
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
    cleanup();
    await submitReset(async () => { throw Object.assign(new Error('InvalidParameterException'), { translationKey: 'account.password.too-common' }); });
    expect(await screen.findByText('This password is too common. Please choose a less predictable one.')).toBeTruthy();
  });
});

describe('help centre (/helpcenter/{vendorID})', () => {
  const signedIn = fakeSession({ status: 'signedIn', isAuthenticated: true, user: { id: 'u-1', email: 'vendor@example.com' } });

  it('opens the widget for the vendor in a frame', async () => {
    const openHelpCentre = vi.fn(async () => 'https://help.example/widget?token=t');
    renderApp('/helpcenter/sa-1000', { session: signedIn, openHelpCentre });
    const frame = await screen.findByTitle('Help centre');
    expect(frame.getAttribute('src')).toBe('https://help.example/widget?token=t');
    expect(openHelpCentre).toHaveBeenCalledWith('sa-1000');
  });

  it("toasts 'help-center.failed' and offers a retry", async () => {
    const openHelpCentre = vi.fn(async () => Promise.reject(new Error('401')));
    renderApp('/helpcenter/sa-1000', { session: signedIn, openHelpCentre });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.getAllByText('The help centre could not be opened. Please try again.').length).toBe(2);
  });
});
