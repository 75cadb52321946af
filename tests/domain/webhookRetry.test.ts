// Webhook retries (issue #25): exponential backoff with jitter for 24 h, then the delivery has failed.
import { describe, expect, it } from 'vitest';
import { nextWebhookRetry, webhookEventsOfHistoryEntry, WEBHOOK_FIRST_RETRY_MS, WEBHOOK_MAX_RETRY_GAP_MS, WEBHOOK_RETRY_WINDOW_MS } from '../../domain';

const start = 1_767_225_600_000;
const wait = (attempts: number, random: number, nowMs = start) => {
  const decision = nextWebhookRetry({ attempts, windowStartedAtMs: start, nowMs, random });
  if (!('retryAtMs' in decision)) throw new Error('gave up');
  return decision.retryAtMs - nowMs;
};

describe('nextWebhookRetry', () => {
  it('doubles the wait after each failure, from 10 s, with the jitter between half and all of it', () => {
    expect(wait(1, 0)).toBe(WEBHOOK_FIRST_RETRY_MS / 2);
    expect(wait(1, 0.999999)).toBeCloseTo(WEBHOOK_FIRST_RETRY_MS, -1);
    expect(wait(2, 0)).toBe(WEBHOOK_FIRST_RETRY_MS);
    expect(wait(4, 0)).toBe(4 * WEBHOOK_FIRST_RETRY_MS);
  });

  it('spreads deliveries that failed together', () => {
    expect(new Set([0.1, 0.4, 0.7].map((r) => wait(3, r))).size).toBe(3);
  });

  it('never waits more than an hour between tries, however many failed', () => {
    expect(wait(40, 0.999999)).toBeLessThanOrEqual(WEBHOOK_MAX_RETRY_GAP_MS);
    expect(wait(1_000, 0.5)).toBeGreaterThanOrEqual(WEBHOOK_MAX_RETRY_GAP_MS / 2);
  });

  it('gives up when the next try would start more than 24 h after the window opened', () => {
    const late = start + WEBHOOK_RETRY_WINDOW_MS - 1_000;
    expect(nextWebhookRetry({ attempts: 20, windowStartedAtMs: start, nowMs: late, random: 0.5 })).toEqual({ giveUp: true });
    expect('retryAtMs' in nextWebhookRetry({ attempts: 1, windowStartedAtMs: start, nowMs: start + 60_000, random: 0.5 })).toBe(true);
  });

  it('tries again for about 24 h in all: between 24 and 50 tries when every one fails', () => {
    let now = start;
    let attempts = 1;
    for (;;) {
      const decision = nextWebhookRetry({ attempts, windowStartedAtMs: start, nowMs: now, random: 0.5 });
      if (!('retryAtMs' in decision)) break;
      now = decision.retryAtMs;
      attempts += 1;
    }
    expect(now - start).toBeGreaterThan(WEBHOOK_RETRY_WINDOW_MS - WEBHOOK_MAX_RETRY_GAP_MS);
    expect(now - start).toBeLessThanOrEqual(WEBHOOK_RETRY_WINDOW_MS);
    expect(attempts).toBeGreaterThanOrEqual(24);
    expect(attempts).toBeLessThanOrEqual(50);
  });
});

describe('webhookEventsOfHistoryEntry', () => {
  it('names the creation, each status change, a cancellation and the rider assigned', () => {
    expect(webhookEventsOfHistoryEntry(0, 'NEW')).toEqual(['order.created']);
    expect(webhookEventsOfHistoryEntry(1, 'RECEIVED')).toEqual(['order.status_changed']);
    expect(webhookEventsOfHistoryEntry(3, 'ASSIGNED_TO_TRANSPORT')).toEqual(['order.status_changed', 'order.rider_assigned']);
    expect(webhookEventsOfHistoryEntry(2, 'CANCELLED')).toEqual(['order.status_changed', 'order.cancelled']);
  });
});
