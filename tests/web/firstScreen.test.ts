import { describe, expect, it } from 'vitest';
import type { TranslationLoader } from '../../adapters/ports';
import { withFirstScreen } from '../../src/app/firstScreen';
import { firstScreenAt, signedInScreensAt } from '../../src/app/routes';

// The screen of the page opened first loads beside the translations (main.tsx), and the first render
// waits for both, so the page appears whole instead of an empty frame its screen then fills.

const settle = () => new Promise((resolve) => setImmediate(resolve));

const catalogue: TranslationLoader = { load: async (locale) => ({ locale, messages: { 'nav.home': 'Home' } }) };

describe('the first screen beside the translations', () => {
  it('answers the translations once the screen chunk has loaded too', async () => {
    let screenLoaded!: () => void;
    const screen = new Promise<void>((resolve) => (screenLoaded = resolve));
    let answered: unknown;
    void withFirstScreen(catalogue, screen).load('en').then((loaded) => (answered = loaded));
    await settle();
    expect(answered).toBeUndefined();
    screenLoaded();
    await settle();
    expect(answered).toEqual({ locale: 'en', messages: { 'nav.home': 'Home' } });
  });

  it('does not hold the page back on a screen chunk that failed (the route loads it again, retried)', async () => {
    const failed = Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(withFirstScreen(catalogue, failed).load('ar-SA')).resolves.toEqual({ locale: 'ar-SA', messages: { 'nav.home': 'Home' } });
  });

  it('still fails when the translations do (the full-screen error)', async () => {
    const failing: TranslationLoader = { load: async () => Promise.reject(new Error('offline')) };
    await expect(withFirstScreen(failing, Promise.resolve({})).load('en')).rejects.toThrow('offline');
  });

  it('is the plain loader on a page with no first screen to wait for', () => {
    expect(withFirstScreen(catalogue, undefined)).toBe(catalogue);
  });

  it.each(['/', '/connect', '/tracking/SA-123'])('starts loading the screen of %s', async (path) => {
    const loading = firstScreenAt(path);
    expect(loading).toBeInstanceOf(Promise);
    await loading;
  });

  it('starts nothing on the other pages (their routes load their screens)', () => {
    expect(firstScreenAt('/register')).toBeUndefined();
    expect(firstScreenAt('/order-tracking')).toBeUndefined();
  });

  it.each(['/', '/connect', '/tracking/SA-123'])('leaves the signed-in screens\' importers out of %s, a page a phone opens first', (path) => {
    expect(signedInScreensAt(path)).toBeUndefined();
  });

  it.each(['/request-a-rider/sa-1000', '/order-tracking', '/register'])('starts loading the signed-in screens\' importers on %s, so its frame and screen load side by side', async (path) => {
    const loading = signedInScreensAt(path);
    expect(loading).toBeInstanceOf(Promise);
    await expect(loading).resolves.toMatchObject({ SignedInFrame: expect.any(Function), RequestScreen: expect.any(Function) });
  });
});
