import { describe, expect, it } from 'vitest';
import { activeOrdersWindow, fallbackRefreshAfterS, isPreorderTimeAllowed, isSessionValid, liveUpdateTarget, needsSessionRefresh, sessionRefreshDelayMs } from '../../domain';

const NOW = Date.UTC(2026, 2, 10, 12) / 1000;
const user = { id: 'u1', email: 'vendor@example.com' };

describe('session (SPEC §4)', () => {
  it('refreshes when fewer than 600 seconds remain', () => {
    expect(needsSessionRefresh(NOW + 600, NOW)).toBe(false);
    expect(needsSessionRefresh(NOW + 599, NOW)).toBe(true);
    expect(needsSessionRefresh(NOW - 1, NOW)).toBe(true);
  });

  it('waits until 600 s before expiry, never a negative delay', () => {
    expect(sessionRefreshDelayMs(NOW + 700, NOW)).toBe(100_000);
    expect(sessionRefreshDelayMs(NOW + 10, NOW)).toBe(0);
  });

  it('refreshes tokens that live 600 s or less at half their life, not at once in a loop', () => {
    expect(sessionRefreshDelayMs(NOW + 3600, NOW, 3600)).toBe(3000_000);
    expect(sessionRefreshDelayMs(NOW + 20, NOW, 20)).toBe(10_000);
    expect(sessionRefreshDelayMs(NOW + 600, NOW, 600)).toBe(300_000);
  });

  it.each([
    [{ mode: 'GODROID', user: null, expires: null }, true],
    [{ mode: 'GUEST', user: null, expires: NOW - 100 }, true],
    [{ mode: 'CLASSIC', user, expires: NOW + 1 }, true],
    [{ mode: 'CLASSIC', user, expires: NOW }, false],
    [{ mode: 'CLASSIC', user: null, expires: NOW + 100 }, false],
    [{ mode: 'CLASSIC', user, expires: null }, false],
  ] as const)('%j valid: %s', (session, valid) => {
    expect(isSessionValid(session, NOW)).toBe(valid);
  });

  it('falls back to refetching active orders after 60 s for guests or dynamic estimation, 300 s otherwise', () => {
    expect(fallbackRefreshAfterS({ isGuest: true, dynamicEstimation: false })).toBe(60);
    expect(fallbackRefreshAfterS({ isGuest: false, dynamicEstimation: true })).toBe(60);
    expect(fallbackRefreshAfterS({ isGuest: false, dynamicEstimation: false })).toBe(300);
  });
});

describe('live updates and active orders (SPEC §4, §9), in the zone', () => {
  // 2026-03-10 12:00 UTC; today in Dubai began at 2026-03-09 20:00 UTC.
  const startOfDubaiToday = Date.UTC(2026, 2, 9, 20) / 1000;

  it('an order created today updates the tracking page, before today the history page', () => {
    expect(liveUpdateTarget({ created_at: startOfDubaiToday, preordered_for: null }, NOW, 'Asia/Dubai')).toBe('tracking');
    expect(liveUpdateTarget({ created_at: startOfDubaiToday - 1, preordered_for: null }, NOW, 'Asia/Dubai')).toBe('history');
    // The same order is "today" in Athens (UTC+2), whose day began at 22:00 UTC.
    expect(liveUpdateTarget({ created_at: startOfDubaiToday + 3600, preordered_for: null }, NOW, 'Europe/Athens')).toBe('history');
  });

  it('fetches active orders from the start of today to now', () => {
    expect(activeOrdersWindow(NOW, 'Asia/Dubai')).toEqual({ from: startOfDubaiToday, to: NOW });
  });
});

describe('pre-order time (SPEC §9: scheduled, up to 2 days ahead)', () => {
  it.each([
    [0, false],
    [1, true],
    [2 * 86400, true],
    [2 * 86400 + 1, false],
    [-60, false],
  ])('now + %i s allowed: %s', (offset, allowed) => {
    expect(isPreorderTimeAllowed(NOW + offset, NOW)).toBe(allowed);
  });
});
