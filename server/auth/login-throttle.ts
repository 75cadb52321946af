// Login rate limits (API.md: 429 + Retry-After + TooManyRequestsException). Failures are
// counted per (account, IP) pair and per IP, never per account alone: an attacker elsewhere can
// use up only their own pair's budget, so they cannot lock a real user out of their own IP.
import type { RateLimiter, RateLimitRule } from '../http/rate-limiter';
import { tooManyRequests } from '../http/errors';

export const LOGIN_FAILURES_PER_ACCOUNT_AND_IP: RateLimitRule = { limit: 5, windowS: 15 * 60 };
export const LOGIN_FAILURES_PER_IP: RateLimitRule = { limit: 50, windowS: 15 * 60 };

const pairKey = (email: string, ip: string) => `login:pair:${email}:${ip}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

export function createLoginThrottle(limiter: RateLimiter) {
  return {
    /** Throws 429 when either budget is spent. */
    async assertAllowed(email: string, ip: string, nowS: number): Promise<void> {
      const [pair, perIp] = await Promise.all([
        limiter.peek(pairKey(email, ip), LOGIN_FAILURES_PER_ACCOUNT_AND_IP, nowS),
        limiter.peek(ipKey(ip), LOGIN_FAILURES_PER_IP, nowS),
      ]);
      const blocked = [pair, perIp].filter((d) => !d.allowed);
      if (blocked.length > 0) throw tooManyRequests(Math.max(...blocked.map((d) => d.retryAfterS)));
    },
    async recordFailure(email: string, ip: string, nowS: number): Promise<void> {
      await limiter.hit(pairKey(email, ip), LOGIN_FAILURES_PER_ACCOUNT_AND_IP, nowS);
      await limiter.hit(ipKey(ip), LOGIN_FAILURES_PER_IP, nowS);
    },
    async recordSuccess(email: string, ip: string): Promise<void> {
      await limiter.reset(pairKey(email, ip));
    },
  };
}
