import { describe, expect, it } from 'vitest';
import type { InvitationView, LoginResult } from '../../adapters/ports';
import { ApiError } from '../../adapters/http/apiError';
import { invitationMachine } from '../../machines';
import { checkPathCount, describePath, generatePaths, replayPath, type PathModel } from './walkPaths';

// Every path of the invitation page (server/teams/README.md "Invitations"): the link's invitation
// loads; the person accepts with a password; the accept's session is handed to the session and the
// page goes to the role's landing. Unknown, used or expired links end on the "not usable" message;
// offline can be tried again; a refused password can be fixed and sent again.
const token = 'mailed-token';
const invitation: InvitationView = { email: 'new.member@example.com', vendor_name: 'Demo', role: 'viewer', expires_at: 2_000_000_000, has_account: false };
const session: LoginResult = { user: { id: 'a-2', email: 'new.member@example.com', email_verified: true }, AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: 2_000_000_000 };
const apiError = (status: number, key: string) => new ApiError('http', status, key, 'token', key);
/** A failure with nothing to show (no translation key, no message): the page says "offline". */
const blankError = new Error('');
/** What the page shows for a failure: the server's key, or the offline message when it has none. */
const shownKeyOf = (error: unknown) => (error instanceof ApiError ? error.key : 'error.offline');

const model: PathModel = {
  machine: invitationMachine,
  input: { token },
  strategy: 'simple',
  effects: ['signIn', 'goToLanding'],
  events: [
    { type: 'xstate.done.actor.loadInvitation', output: invitation },
    { type: 'xstate.error.actor.loadInvitation', error: apiError(422, 'team.error.invitation-expired') },
    { type: 'xstate.error.actor.loadInvitation', error: ApiError.offline() },
    { type: 'xstate.error.actor.loadInvitation', error: blankError },
    { type: 'retry' },
    { type: 'accept', password: 'Str0ng!pass' },
    { type: 'xstate.done.actor.acceptInvitation', output: session },
    { type: 'xstate.error.actor.acceptInvitation', error: apiError(422, 'team.error.invitation-invalid') },
    { type: 'xstate.error.actor.acceptInvitation', error: apiError(401, 'NotAuthorizedException') },
    { type: 'xstate.error.actor.acceptInvitation', error: blankError },
  ],
  serializeState: (snapshot) => JSON.stringify([snapshot.value, snapshot.context.errorKey]),
};

const paths = generatePaths(model);

describe('invitation: every path', () => {
  for (const path of paths) {
    it(describePath(path), async () => {
      const replay = await replayPath(model, path, (snapshot, replay, step) => {
        // Every load asks for the link's token; every accept sends it with the password typed.
        if (snapshot.matches('loading')) expect(replay.started.loadInvitation?.at(-1)).toEqual({ token });
        if (snapshot.matches('accepting')) expect(replay.started.acceptInvitation?.at(-1)).toEqual({ token, password: 'Str0ng!pass' });
        if (snapshot.matches('ready')) expect(snapshot.context.invitation).toBe(invitation);
        const { error } = step.event as { error?: unknown };
        if (snapshot.matches('unusable')) expect(snapshot.context.errorKey).toBe((error as ApiError).key);
        if (snapshot.matches('failed')) expect(snapshot.context.errorKey).toBe('error.offline');
        // A refused password is shown on the form, which stays for another try.
        if (snapshot.matches('ready') && error !== undefined) expect(snapshot.context.errorKey).toBe(shownKeyOf(error));
        // Only the accepted invitation signs in, with the server's session, then goes to the landing.
        if (snapshot.matches('joined')) {
          expect(replay.effects).toEqual([{ name: 'signIn', params: { session } }, { name: 'goToLanding', params: undefined }]);
        } else {
          expect(replay.effects).toEqual([]);
        }
      });
      expect(replay.actor.getSnapshot().status).toBe(replay.actor.getSnapshot().matches('joined') ? 'done' : 'active');
    });
  }

  it('covers every transition', () => checkPathCount('invitation', paths));
});
