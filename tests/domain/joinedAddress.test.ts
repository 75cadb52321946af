import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinCustomerAddress, unitOfJoinedAddress, validateOrderForm } from '../../domain';

// A unit as people write them: no comma inside, something besides spaces.
const unit = fc.string({ minLength: 1, maxLength: 12 }).filter((s) => !s.includes(',') && s.trim() !== '');
const anyText = fc.string({ maxLength: 40 });

describe('unitOfJoinedAddress', () => {
  it('reads the unit of "unit, building, text" and of "unit, text"', () => {
    expect(unitOfJoinedAddress('#05-12, Tower A, 1 Raffles Place')).toBe('#05-12');
    expect(unitOfJoinedAddress('#05-12, 1 Raffles Place')).toBe('#05-12');
  });

  it('finds no unit in a text address alone', () => {
    expect(unitOfJoinedAddress('1 Raffles Place')).toBe('');
    expect(unitOfJoinedAddress('')).toBe('');
  });

  it('never loses a unit that was joined in', () => {
    fc.assert(fc.property(unit, anyText, anyText.filter((s) => s.trim() !== ''), (u, building, text) => {
      expect(unitOfJoinedAddress(joinCustomerAddress(u, building, text))).toBe(u.trim());
    }));
  });

  it('makes the Singapore unit rule refuse a joined address without a unit part', () => {
    const form = (address: string) => ({
      vendorId: 'sg-2000', destinationName: 'Tan', destinationPhoneNumber: '+6591234567',
      destinationTextAddress: address, destinationUnitNumber: unitOfJoinedAddress(address),
      destinationLatitude: 1.28, destinationLongitude: 103.85, orderDescription: '', orderAmount: 10, paymentMethod: 'CASH_ON_DELIVERY',
    });
    expect(validateOrderForm(form('Raffles Place'), 'SG')).toBe('validation.fill-unit-number');
    expect(validateOrderForm(form(joinCustomerAddress('#05-12', '', 'Raffles Place')), 'SG')).toBeNull();
  });
});
