// Account, guest session, invitation, flags and build version: what the public pages call.
import type { ExtendedSession, FlagMap, GuestSession, InvitationView, LoginResult } from '../../ports';
import { fetchBuildVersion } from '../../version';
import type { AccountCalls } from './apiAreas';
import type { CallHelpers } from './callHelpers';

/** API.md flag service; SPEC.md §7 gives it 2 s. */
export const FLAG_SERVICE_TIMEOUT_MS = 2000;

export function accountCalls({ options, call, result }: CallHelpers): AccountCalls {
  return {
    login: (email, password) =>
      result<LoginResult>({ service: 'orders', method: 'POST', path: '/login', body: { email_address: email, password } }),
    extendSession: async (refreshToken) =>
      (
        await result<{ AuthenticationResult: ExtendedSession }>({
          service: 'orders',
          method: 'POST',
          path: '/login/extend',
          body: { refresh_token: refreshToken },
        })
      ).AuthenticationResult,
    // SPEC.md §7: true on success, false on failure; the caller clears local credentials either way.
    logout: () =>
      result<boolean>({ service: 'orders', method: 'POST', path: '/logout', body: {}, retries: 0 }).then(
        (revoked) => revoked === true,
        () => false,
      ),
    register: (form) => result<{ user_id: string }>({ service: 'orders', method: 'POST', path: '/register', body: form }),
    resendVerification: (email) =>
      result<true>({ service: 'orders', method: 'POST', path: '/register/resend', body: { email_address: email } }),
    forgotPassword: (email) =>
      result<true>({ service: 'orders', method: 'POST', path: '/password/forgot', body: { email_address: email } }),
    resetPassword: (email, code, password) =>
      result<true>({ service: 'orders', method: 'POST', path: '/password/reset', body: { email_address: email, code, password } }),
    createGuestSession: (form) => result<GuestSession>({ service: 'orders', method: 'POST', path: '/guest/session', body: form }),
    getInvitation: (token) => result<InvitationView>({ service: 'orders', method: 'GET', path: '/invitation', query: { token } }),
    acceptInvitation: (token, password) =>
      result<LoginResult>({ service: 'orders', method: 'POST', path: '/invitation/accept', body: { token, password } }),

    getFlags: async (context, signal) =>
      (
        await call<{ flags: FlagMap }>({
          service: 'orders',
          method: 'GET',
          path: '/flags',
          query: { country: context.country, brand: context.brand, vendor_id: context.vendorId },
          timeoutMs: FLAG_SERVICE_TIMEOUT_MS,
          // The flags machine polls; a slow flag service must not hold the app for 3 retries.
          retries: 0,
          signal,
        })
      ).flags,
    getVersion: () => fetchBuildVersion(options.appOrigin ?? options.origin),
  };
}
