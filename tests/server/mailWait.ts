// Mail goes out after the answer (server/routes/account.ts), so a test waits for it to land in the
// outbox instead of reading the outbox right after the request.
import { vi } from 'vitest';
import type { TestServer } from './harness';

type Mail = Awaited<ReturnType<TestServer['outbox']>>[number];

/** Runs `request`, then waits for a new mail to `address` that `matches`; answers that mail. */
export async function mailAfter(server: TestServer, address: string, request: () => Promise<unknown>, matches: (mail: Mail) => boolean = () => true): Promise<Mail> {
  const mine = async () => (await server.outbox()).filter((mail) => mail.to.includes(address) && matches(mail));
  const before = (await mine()).length;
  await request();
  return vi.waitFor(async () => {
    const mails = await mine();
    const latest = mails.length > before ? mails.at(-1) : undefined;
    if (!latest) throw new Error(`no new mail to ${address} yet`);
    return latest;
  });
}

/** The 6-digit code of a password-reset mail. */
export const resetCodeOf = (mail: Mail): string => /code is (\d{6})/.exec(mail.text)?.[1] ?? '';
export const isResetMail = (mail: Mail): boolean => /code is \d{6}/.test(mail.text);
