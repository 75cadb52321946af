// Members of the demo owner's team for tests: invited by mail through the real routes and signed up
// through the link, as a person would (server/teams/routes.ts).
import { expect } from 'vitest';
import type { LoginResult } from '../../domain/api';
import type { TestServer } from './harness';
import { mailAfter } from './mailWait';
import { resultOf } from './orders-fixtures';

export const MEMBER_PASSWORD = 'Counter-Staff!2026';

let invited = 0;

/** Invites a fresh address to `vendorId` with `role`; answers the address and the token of the mailed link. */
export async function inviteByMail(server: TestServer, ownerAuth: string, role: string, vendorId: string): Promise<{ email: string; token: string }> {
  invited += 1;
  const email = `member${invited}-${process.pid}@example.com`;
  const mail = await mailAfter(server, email, async () => {
    const answer = await server.call('POST', `/vendor/${vendorId}/invitations`, { auth: ownerAuth, body: { email_address: email, role } });
    expect(answer.status, answer.text).toBe(200);
  });
  const token = /https?:\/\/\S+\/invitation\?token=(\S+)/.exec(mail.text)?.[1];
  expect(token, mail.text).toBeDefined();
  return { email, token: decodeURIComponent(token ?? '') };
}

/** Invites and accepts: the new member's Authorization, account id and address. */
export async function addMember(server: TestServer, ownerAuth: string, role: string, vendorId: string): Promise<{ auth: string; accountId: string; email: string }> {
  const { email, token } = await inviteByMail(server, ownerAuth, role, vendorId);
  const accepted = await server.call('POST', '/invitation/accept', { body: { token, password: MEMBER_PASSWORD } });
  expect(accepted.status, accepted.text).toBe(200);
  const session = resultOf<LoginResult>(accepted.body);
  return { auth: `Bearer ${session.AccessToken}|${session.IdToken}`, accountId: session.user.id, email };
}
