// SPEC.md §5/§9 limits are in UTF-8 bytes (notes 1000, street address 255) or in characters
// (description 200): these are the measures the rules count with.
import { describe, expect, it } from 'vitest';
import { characterCount, isBlank, utf8ByteLength } from '../../domain';

describe('text measures (SPEC §5 limits)', () => {
  it('counts UTF-8 bytes: Arabic letters take two, an emoji four', () => {
    expect(utf8ByteLength('abc')).toBe(3);
    expect(utf8ByteLength('شارع')).toBe(8);
    expect(utf8ByteLength('📦')).toBe(4);
  });

  it('counts an emoji or an astral letter as one character', () => {
    expect(characterCount('📦 box')).toBe(5);
    expect(characterCount('𝒜')).toBe(1);
    expect(characterCount('')).toBe(0);
  });

  it('calls missing, empty and whitespace-only values blank, and nothing else', () => {
    expect(isBlank(null)).toBe(true);
    expect(isBlank(undefined)).toBe(true);
    expect(isBlank('')).toBe(true);
    expect(isBlank(' \t\n')).toBe(true);
    expect(isBlank(' a ')).toBe(false);
  });
});
