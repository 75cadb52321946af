import { createContext, useContext } from 'react';
import type { InvitationView, LoginResult, RegistrationBody } from '../../../adapters/ports';

/** Account calls outside the session machine (registration and password reset), provided by the
 * composition root so views never touch HTTP. */
export interface AccountActions {
  register: (body: RegistrationBody) => Promise<unknown>;
  requestPasswordReset: (email: string) => Promise<unknown>;
  /** Mails a fresh verification link to an address that waits for its verification. */
  resendVerification: (email: string) => Promise<unknown>;
  resetPassword: (email: string, code: string, password: string) => Promise<unknown>;
  /** The team invitation a mailed link names, and its acceptance (server/teams/README.md). */
  getInvitation: (token: string) => Promise<InvitationView>;
  acceptInvitation: (token: string, password: string) => Promise<LoginResult>;
}

export const AccountContext = createContext<AccountActions | null>(null);

export function useAccountActions(): AccountActions {
  const actions = useContext(AccountContext);
  if (!actions) throw new Error('useAccountActions outside AccountContext');
  return actions;
}
