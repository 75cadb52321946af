// Small pure helpers of the HTTP adapter, table-driven.
import { describe, expect, it } from 'vitest';
import { createFixedClock } from '../../adapters/clock';
import { apiErrorFromResponse } from '../../adapters/http/apiError';
import { liveSocketUrl, serviceBaseUrl } from '../../adapters/http/apiConfig';
import { attachmentFileName } from '../../adapters/http/contentDisposition';
import { isRetryable, parseRetryAfter, retryDelayMs } from '../../adapters/http/retryPolicy';
import { createTtlCache } from '../../adapters/http/ttlCache';

describe('parseRetryAfter', () => {
  const now = Date.parse('2026-11-21T12:00:00Z');
  it.each([
    [null, null],
    ['', null],
    ['3', 3],
    ['0', 0],
    ['Sat, 21 Nov 2026 12:00:05 GMT', 5],
    ['Sat, 21 Nov 2026 11:00:00 GMT', 0],
    ['soon', null],
  ])('%s -> %s', (header, seconds) => {
    expect(parseRetryAfter(header, now)).toBe(seconds);
  });
});

describe('isRetryable', () => {
  const error = (status: number, retryAfterS: number | null = null) => apiErrorFromResponse(status, null, retryAfterS);
  it.each([
    ['GET', 503, false, true],
    ['PUT', 500, false, true],
    ['GET', 404, false, false],
    ['POST', 500, false, false],
    ['POST', 500, true, true],
    ['POST', 422, true, false],
    ['POST', 429, false, true],
  ] as const)('%s %s (idempotency key %s) -> %s', (method, status, keyed, expected) => {
    expect(isRetryable(error(status), method, keyed)).toBe(expected);
  });

  it('waits 1 s x attempt unless the server said otherwise', () => {
    expect([1, 2, 3].map((attempt) => retryDelayMs(error(503), attempt))).toEqual([1000, 2000, 3000]);
    expect(retryDelayMs(error(429, 4), 1)).toBe(4000);
  });
});

describe('attachmentFileName', () => {
  it.each([
    ['attachment; filename=Template.xlsx', 'Template.xlsx'],
    ['attachment; filename="orders 1.csv"', 'orders 1.csv'],
    ["attachment; filename=\"x.csv\"; filename*=UTF-8''%D8%B7%D9%84%D8%A8%D8%A7%D8%AA.csv", 'طلبات.csv'],
    ['attachment', 'fallback.bin'],
    [null, 'fallback.bin'],
  ])('%s -> %s', (header, name) => {
    expect(attachmentFileName(header, 'fallback.bin')).toBe(name);
  });
});

describe('URLs', () => {
  it('builds service bases and the live socket URL with the header as a parameter', () => {
    expect(serviceBaseUrl('https://api.example', 'hurrier')).toBe('https://api.example/hurrier/api/v1');
    expect(liveSocketUrl('https://api.example', 'Bearer a|b')).toBe('wss://api.example/ws?Authorization=Bearer+a%7Cb');
    expect(liveSocketUrl('http://127.0.0.1:8080', null)).toBe('ws://127.0.0.1:8080/ws');
  });
});

describe('createTtlCache', () => {
  it('shares a load for its lifetime and forgets failures', async () => {
    const clock = createFixedClock(0);
    const cache = createTtlCache<number>(clock, 300);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('k', load)).toBe(1);
    expect(await cache.get('k', load)).toBe(1);
    clock.advance(300);
    expect(await cache.get('k', load)).toBe(2);
    await expect(cache.get('bad', () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    expect(await cache.get('bad', load)).toBe(3);
  });
});
