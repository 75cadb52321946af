import { createActor, waitFor } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { createFixedClock } from '../../adapters/clock';
import type { ApiClient } from '../../adapters/ports';
import { createMemoryStorage } from '../../adapters/storage/keyValueStorage';
import { STORAGE_KEYS } from '../../adapters/storage/storageKeys';
import { authorizationHeader } from '../../adapters/http/authorization';
import { provideSessionMachine } from '../../src/app/machines';
import type { Services } from '../../src/app/services';

const NOW = 1_800_000_000;

function services(api: Partial<ApiClient>, initial: Record<string, string> = {}) {
  const storage = createMemoryStorage(initial);
  const clock = createFixedClock(NOW);
  const all = { api: api as ApiClient, live: { subscribe: vi.fn(), renew: vi.fn() }, storage, clock, translations: { load: vi.fn() }, flagSources: [], versions: { currentBuildId: vi.fn() }, reload: vi.fn() };
  return { services: all satisfies Services, storage };
}

function start(s: Services) {
  const toast = vi.fn();
  const actor = createActor(provideSessionMachine(s, { toast }), { input: { nowUnix: s.clock.nowUnix } }).start();
  return { actor, toast };
}

const user = { id: 'u-1', email: 'vendor@example.com' };
const meta = { AccessToken: 'a', IdToken: 'i', RefreshToken: 'r', Expires: NOW + 3600 };

describe('session machine wired to the HTTP API and localStorage', () => {
  it('logs in against the API, stores the credentials and clears the guest orders', async () => {
    const login = vi.fn(async () => ({ user, ...meta }));
    const { services: s, storage } = services({ login }, { [STORAGE_KEYS.guestOrders]: '[]' });
    const { actor } = start(s);
    await waitFor(actor, (snap) => snap.matches('signedOut'));
    actor.send({ type: 'login.submitted', email: 'vendor@example.com', password: 'Portal!2026' });
    await waitFor(actor, (snap) => snap.matches('signedIn'));
    expect(login).toHaveBeenCalledWith('vendor@example.com', 'Portal!2026');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.authMeta)!)).toEqual(meta);
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.authUser)!)).toEqual(user);
    expect(storage.getItem(STORAGE_KEYS.guestOrders)).toBeNull();
  });

  it("toasts 'auth.{code}' when the server refuses", async () => {
    const login = vi.fn(async () => Promise.reject(Object.assign(new Error('NotAuthorizedException'), { status: 401 })));
    const { services: s } = services({ login });
    const { actor, toast } = start(s);
    await waitFor(actor, (snap) => snap.matches('signedOut'));
    actor.send({ type: 'login.submitted', email: 'vendor@example.com', password: 'wrong' });
    await waitFor(actor, (snap) => snap.matches('signedOut') && snap.context.error !== null);
    expect(toast).toHaveBeenCalledWith({ kind: 'error', message: 'auth.NotAuthorizedException' });
  });

  it('restores a stored session and logs out through the API, clearing the tokens', async () => {
    const logout = vi.fn(async () => true);
    const { services: s, storage } = services({ logout }, { [STORAGE_KEYS.authUser]: JSON.stringify(user), [STORAGE_KEYS.authMeta]: JSON.stringify(meta) });
    const { actor } = start(s);
    await waitFor(actor, (snap) => snap.matches('signedIn'));
    actor.send({ type: 'logout' });
    await waitFor(actor, (snap) => snap.matches('signedOut'));
    expect(logout).toHaveBeenCalled();
    expect(storage.getItem(STORAGE_KEYS.authMeta)).toBeNull();
  });

  it('stores the refreshed tokens, so the next request and socket send them; a server-ended session clears them', async () => {
    const extendSession = vi.fn(async () => ({ AccessToken: 'a2', IdToken: 'i2', ExpiresIn: 3600 }));
    const nearExpiry = { ...meta, Expires: NOW + 100 };
    const { services: s, storage } = services({ extendSession }, { [STORAGE_KEYS.authUser]: JSON.stringify(user), [STORAGE_KEYS.authMeta]: JSON.stringify(nearExpiry) });
    const { actor, toast } = start(s);
    await waitFor(actor, (snap) => snap.matches('signedIn') && snap.context.meta?.AccessToken === 'a2');
    expect(extendSession).toHaveBeenCalledWith('r');
    expect(JSON.parse(storage.getItem(STORAGE_KEYS.authMeta)!)).toEqual({ AccessToken: 'a2', IdToken: 'i2', RefreshToken: 'r', Expires: NOW + 3600 });
    expect(authorizationHeader(storage)).toBe('Bearer a2|i2');
    actor.send({ type: 'session.ended' });
    await waitFor(actor, (snap) => snap.matches('signedOut'));
    expect(storage.getItem(STORAGE_KEYS.authMeta)).toBeNull();
    expect(authorizationHeader(storage)).toBeNull();
    expect(toast).toHaveBeenCalledWith({ kind: 'error', message: 'auth.session.ended' });
  });

  it('enters GoDroid mode from the godroid-token and reads its restaurant id', async () => {
    const payload = Buffer.from(JSON.stringify({ restaurant_id: 'sa-1000' })).toString('base64url');
    const { services: s } = services({}, { [STORAGE_KEYS.godroidToken]: `e30.${payload}.sig` });
    const { actor } = start(s);
    await waitFor(actor, (snap) => snap.matches('godroidReady'));
    expect(actor.getSnapshot().context).toMatchObject({ mode: 'GODROID', restaurantId: 'sa-1000' });
  });

  it('resumes a stored guest session that has not expired', async () => {
    const { services: s } = services({}, { [STORAGE_KEYS.guestSession]: JSON.stringify({ token: 'g', expires: NOW + 60 }) });
    const { actor } = start(s);
    await waitFor(actor, (snap) => snap.matches('guest'));
  });
});
