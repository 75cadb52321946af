// The edges of the form inputs of SPEC.md §5 that the rule tests did not pin (found by the mutation
// run, docs/qa.md "Mutation score"): stray spaces, zero and negative amounts, lengths at their limit.
import { describe, expect, it } from 'vitest';
import {
  isDirectOrderLookup,
  isEmailShaped,
  isPossiblePhone,
  joinCustomerAddress,
  parseAmount,
  unitOfJoinedAddress,
  validateOrderForm,
} from '../../domain';
import { isValidEmailAddress } from '../../domain/email';
import { shownCollectionPoint } from '../../domain/guestOrders';
import { aSaudiOrderForm } from './aSaudiOrderForm';

describe('order amount (SPEC §5 rule 8: amount required)', () => {
  it('reads a number or numeric text, a zero amount included', () => {
    expect(parseAmount(0)).toBe(0);
    expect(parseAmount('0')).toBe(0);
    expect(parseAmount(' 12.5 ')).toBe(12.5);
  });

  it('has no amount for missing, blank, negative, infinite or non-numeric input', () => {
    for (const amount of [undefined, null, '', '   ', '-5', -0.01, 'Infinity', Number.POSITIVE_INFINITY, Number.NaN, 'ten']) {
      expect(parseAmount(amount as Parameters<typeof parseAmount>[0]), String(amount)).toBeNull();
    }
  });

  it('a blank or negative amount is asked for again', () => {
    expect(validateOrderForm(aSaudiOrderForm({ orderAmount: '   ' }), 'SA')).toBe('validation.fill-amount');
    expect(validateOrderForm(aSaudiOrderForm({ orderAmount: '-5' }), 'SA')).toBe('validation.fill-amount');
  });
});

describe('coordinates (SPEC §5 rule 7)', () => {
  it('a coordinate that is not a finite number is no coordinate', () => {
    expect(validateOrderForm(aSaudiOrderForm({ destinationLatitude: Number.NaN }), 'SA')).toBe('validation.invalid-coordinates');
    expect(validateOrderForm(aSaudiOrderForm({ destinationLongitude: Number.POSITIVE_INFINITY }), 'SA')).toBe('validation.invalid-coordinates');
  });
});

describe('phone (SPEC §5 rule 4: a possible number for its country)', () => {
  it('no number is possible in a country the phone library does not know', () => {
    expect(isPossiblePhone('0501234567', 'XX')).toBe(false);
    expect(isPossiblePhone('0501234567', 'sa')).toBe(true);
  });

  it('reads a number typed with spaces as the same number', () => {
    expect(isPossiblePhone('050 123 4567', 'SA')).toBe(true);
    expect(isPossiblePhone('+966 50 123 4567', 'SA')).toBe(true);
  });
});

describe('guest history search (SPEC §5 "Lists and files")', () => {
  it('an order id starting with the vendor id is fetched directly, stray spaces aside', () => {
    expect(isDirectOrderLookup('  v-1-0001 ', 'v-1')).toBe(true);
    expect(isDirectOrderLookup('0001', 'v-1')).toBe(false);
  });

  it('without a vendor id nothing is looked up directly', () => {
    expect(isDirectOrderLookup('v-1-0001', '')).toBe(false);
  });
});

describe('addresses and owners typed with stray spaces', () => {
  it('joins unit, building and text address without their surrounding spaces (SPEC §3)', () => {
    expect(joinCustomerAddress(' 12 ', ' Tower A ', ' King Fahd Rd ')).toBe('12, Tower A, King Fahd Rd');
    expect(unitOfJoinedAddress(' 12 , King Fahd Rd')).toBe('12');
  });

  it("an owner e-mail with spaces around it has a simple e-mail shape (SPEC §5 collection point)", () => {
    expect(isEmailShaped(' owner@example.com ')).toBe(true);
  });

  it("a guest order whose sender name is only spaces names no collection point", () => {
    expect(shownCollectionPoint({ vendor_id: 'vendorID', outlet_name: 'guest', sender_name: '   ' })).toBeNull();
  });
});

describe('e-mail addresses at the RFC 5321 limits', () => {
  const label63 = 'b'.repeat(63);
  it('accepts a 64-character local part and a 63-character domain label, refuses one more', () => {
    expect(isValidEmailAddress(`${'a'.repeat(64)}@example.com`)).toBe(true);
    expect(isValidEmailAddress(`a@${label63}.com`)).toBe(true);
    expect(isValidEmailAddress(`a@${label63}b.com`)).toBe(false);
  });

  it('accepts 254 characters in all and refuses 255, even when every part is within its own limit', () => {
    const domainOf = (length: number) => `${label63}.${label63}.${label63}.${'c'.repeat(length - 3 * 64 - 4)}.com`;
    const at254 = `${'a'.repeat(10)}@${domainOf(254 - 11)}`;
    const at255 = `${'a'.repeat(11)}@${domainOf(254 - 11)}`;
    expect(at254).toHaveLength(254);
    expect(isValidEmailAddress(at254)).toBe(true);
    expect(at255).toHaveLength(255);
    expect(isValidEmailAddress(at255)).toBe(false);
  });

  it('refuses a local part ending with a dot', () => {
    expect(isValidEmailAddress('vendor.@example.com')).toBe(false);
  });

  it('refuses a domain that carries a path, query, fragment, port or escape, which a URL parser would drop', () => {
    for (const address of ['vendor@example.com/inbox', 'vendor@example.com?x=1', 'vendor@example.com#x', 'vendor@example.com:25', 'vendor@ex%61mple.com']) {
      expect(isValidEmailAddress(address), address).toBe(false);
    }
  });
});
