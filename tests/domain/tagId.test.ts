// The tag id rule (TagIdCheck flag, issue #5): optional; up to 32 letters, digits or dashes.
import { describe, expect, it } from 'vitest';
import { normalizeTagId, TAG_ID_MAX_CHARS, validateOrderForm, validateTagId, type OrderForm } from '../../domain';
import { aSaudiOrderForm } from './aSaudiOrderForm';

describe('validateTagId', () => {
  it.each([
    ['empty (no tag given)', ''],
    ['only spaces', '   '],
    ['digits', '0042'],
    ['letters, digits and dashes', 'BAG-7-a9'],
    ['32 characters', 'A'.repeat(TAG_ID_MAX_CHARS)],
    ['surrounding spaces', '  TAG-1 '],
  ])('accepts %s', (_case, value) => {
    expect(validateTagId(value)).toBeNull();
  });

  it.each([
    ['33 characters', 'A'.repeat(TAG_ID_MAX_CHARS + 1)],
    ['an inner space', 'TAG 1'],
    ['an underscore', 'TAG_1'],
    ['a slash', 'A/1'],
    ['a non-ASCII letter', 'TÄG-1'],
    ['Arabic-Indic digits', '٤٢'],
  ])('refuses %s with validation.tag-id-invalid', (_case, value) => {
    expect(validateTagId(value)).toBe('validation.tag-id-invalid');
  });

  it('stores the tag without surrounding spaces', () => {
    expect(normalizeTagId('  TAG-1 ')).toBe('TAG-1');
  });
});

describe('the order form checks a given tag id last', () => {
  const form: OrderForm = aSaudiOrderForm();

  it('passes without a tag, with an empty one and with a good one', () => {
    expect(validateOrderForm(form, 'SA')).toBeNull();
    expect(validateOrderForm({ ...form, tagId: '' }, 'SA')).toBeNull();
    expect(validateOrderForm({ ...form, tagId: 'BAG-42' }, 'SA')).toBeNull();
  });

  it('refuses a bad tag, after the spec rules', () => {
    expect(validateOrderForm({ ...form, tagId: 'BAG 42' }, 'SA')).toBe('validation.tag-id-invalid');
    expect(validateOrderForm({ ...form, tagId: 'BAG 42', destinationName: '' }, 'SA')).toBe('validation.fill-customer-name');
  });
});
