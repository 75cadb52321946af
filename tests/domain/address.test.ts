import { describe, expect, it } from 'vitest';
import { joinCustomerAddress, utf8ByteLength, validateAddress } from '../../domain';

const valid = { streetAddress: 'King Fahd Rd', notes: '', latitude: 24.7, longitude: 46.6 };

describe('address rules (SPEC §5), lengths in UTF-8 bytes', () => {
  it('accepts a valid address', () => expect(validateAddress(valid)).toBeNull());

  it('requires both coordinates', () => {
    expect(validateAddress({ ...valid, latitude: null })).toBe('address.error.no-coordinates');
    expect(validateAddress({ ...valid, longitude: undefined })).toBe('address.error.no-coordinates');
    expect(validateAddress({ ...valid, latitude: Number.NaN })).toBe('address.error.no-coordinates');
    expect(validateAddress({ ...valid, latitude: 0, longitude: 0 })).toBeNull();
  });

  it('allows a street address of 255 bytes of Arabic and refuses 256', () => {
    // 'ب' is 2 bytes in UTF-8: 127 of them plus one ASCII letter is 255 bytes in 128 characters.
    const address255 = `${'ب'.repeat(127)}a`;
    expect(utf8ByteLength(address255)).toBe(255);
    expect(address255.length).toBe(128);
    expect(validateAddress({ ...valid, streetAddress: address255 })).toBeNull();
    expect(validateAddress({ ...valid, streetAddress: 'ب'.repeat(128) })).toBe('address.error.address-too-long');
  });

  it('counts bytes, not characters: 200 Arabic characters are too long for the street address', () => {
    expect(validateAddress({ ...valid, streetAddress: 'ب'.repeat(200) })).toBe('address.error.address-too-long');
    expect(validateAddress({ ...valid, streetAddress: 'b'.repeat(255) })).toBeNull();
    expect(validateAddress({ ...valid, streetAddress: 'b'.repeat(256) })).toBe('address.error.address-too-long');
  });

  it('allows notes of 1000 bytes and refuses 1001', () => {
    expect(validateAddress({ ...valid, notes: 'ب'.repeat(500) })).toBeNull();
    expect(validateAddress({ ...valid, notes: `${'ب'.repeat(500)}a` })).toBe('address.error.notes-too-long');
  });
});

describe('joinCustomerAddress (SPEC §3)', () => {
  it.each([
    ['#05-12', 'Tower A', 'King Fahd Rd', '#05-12, Tower A, King Fahd Rd'],
    ['', 'Tower A', 'King Fahd Rd', 'Tower A, King Fahd Rd'],
    ['  ', '', 'King Fahd Rd', 'King Fahd Rd'],
    [null, undefined, 'King Fahd Rd', 'King Fahd Rd'],
    ['12', '', '', '12'],
  ])('(%j, %j, %j) -> %j', (unit, building, text, joined) => {
    expect(joinCustomerAddress(unit, building, text)).toBe(joined);
  });
});
