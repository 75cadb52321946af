// Login rate limits (API.md: 429 + Retry-After + TooManyRequestsException). Password checks are
// reserved before they run and stay counted when they fail, per (account, IP) pair and per IP, never
// per account alone: an attacker elsewhere can use up only their own pair's budget, so they cannot
// lock a real user out of their own IP.
import type { RateLimiter, RateLimitRule } from '../http/rateLimiter';
import { tooManyRequests } from '../http/errors';

export const LOGIN_FAILURES_PER_ACCOUNT_AND_IP: RateLimitRule = { limit: 5, windowS: 15 * 60 };
export const LOGIN_FAILURES_PER_IP: RateLimitRule = { limit: 50, windowS: 15 * 60 };

const pairKey = (email: string, ip: string) => `login:pair:${email}:${ip}`;
const ipKey = (ip: string) => `login:ip:${ip}`;

export function createLoginThrottle(limiter: RateLimiter) {
  return {
    /**
     * Reserves one password check in both budgets before the password is looked at, or throws 429:
     * the reservation is atomic, so a parallel burst gets at most `limit` checks per window, never
     * "read the counter, check the password, count the failure" with the checks in between.
     */
    async reserveAttempt(email: string, ip: string, nowS: number): Promise<void> {
      const pair = await limiter.reserve(pairKey(email, ip), LOGIN_FAILURES_PER_ACCOUNT_AND_IP, nowS);
      if (!pair.allowed) throw tooManyRequests(pair.retryAfterS);
      const perIp = await limiter.reserve(ipKey(ip), LOGIN_FAILURES_PER_IP, nowS);
      if (!perIp.allowed) throw tooManyRequests(perIp.retryAfterS);
    },
    /** A successful login: the pair's failures are forgiven and the IP's reserved place given back. */
    async recordSuccess(email: string, ip: string, nowS: number): Promise<void> {
      await limiter.reset(pairKey(email, ip));
      await limiter.release(ipKey(ip), LOGIN_FAILURES_PER_IP, nowS);
    },
  };
}
