import { describe, expect, it } from 'vitest';
import {
  canSearchAddressBook,
  geolocatorLanguage,
  isDirectOrderLookup,
  isPossiblePhone,
  neutraliseSpreadsheetCell,
  normaliseSearchPhone,
  parseLatLngInput,
  rememberSearchTerm,
  sanitizePhoneInput,
  validateBulkFile,
  XLSX_MIME_TYPE,
} from '../../domain';

describe('coordinates typed into the address search (SPEC §4 Geolocator)', () => {
  it.each([
    ['24.7,46.6', { latitude: 24.7, longitude: 46.6 }],
    [' -33.86 , 151.2 ', { latitude: -33.86, longitude: 151.2 }],
    ['24,46', { latitude: 24, longitude: 46 }],
    ['90,180', { latitude: 90, longitude: 180 }],
  ])('%j -> %j', (input, point) => expect(parseLatLngInput(input)).toEqual(point));

  it.each(['King Fahd Rd', '24.7', '91,46', '24.7,181', '24.7;46.6', '24.7,46.6,3', ''])('%j is not coordinates', (input) => {
    expect(parseLatLngInput(input)).toBeNull();
  });
});

describe('geolocator language by country (SPEC §7)', () => {
  it.each([
    ['BH', 'en'],
    ['HK', 'zh_HK'],
    ['KH', 'km'],
    ['JP', 'ja'],
    ['TH', 'th'],
    ['TW', 'tw'],
    ['SA', 'en'],
    ['ES', 'en'],
  ])('%s -> %s', (country, language) => expect(geolocatorLanguage(country)).toBe(language));
});

describe('phone input (SPEC §2, §5)', () => {
  it('keeps digits and + only', () => {
    expect(sanitizePhoneInput('+966 (50) 123-4567 ext')).toBe('+966501234567');
  });

  it.each([
    ['0501234567', 'SA', true],
    ['+966501234567', 'SA', true],
    ['050123', 'SA', false],
    ['81234567', 'SG', true],
    ['8123456', 'SG', false],
    ['0501234567', 'XX', false],
    ['', 'SA', false],
  ])('%j possible in %s: %s', (phone, country, possible) => expect(isPossiblePhone(phone, country)).toBe(possible));
});

describe('search (SPEC §5)', () => {
  it('searches the address book from 2 typed characters with the flag on', () => {
    expect(canSearchAddressBook('ab', true)).toBe(true);
    expect(canSearchAddressBook('a', true)).toBe(false);
    expect(canSearchAddressBook(' a ', true)).toBe(false);
    expect(canSearchAddressBook('abc', false)).toBe(false);
  });

  it('keeps 10 distinct recent terms, most recent first', () => {
    let history: string[] = [];
    for (let i = 1; i <= 12; i += 1) history = rememberSearchTerm(history, `term ${i}`);
    expect(history).toHaveLength(10);
    expect(history[0]).toBe('term 12');
    expect(history[9]).toBe('term 3');
    const again = rememberSearchTerm(history, 'term 5');
    expect(again).toHaveLength(10);
    expect(again[0]).toBe('term 5');
    expect(again.filter((t) => t === 'term 5')).toHaveLength(1);
    expect(rememberSearchTerm(history, '   ')).toEqual(history);
  });

  it('removes spaces from a searched phone number and fetches an order id with the vendor prefix directly', () => {
    expect(normaliseSearchPhone('050 123 4567')).toBe('0501234567');
    expect(isDirectOrderLookup('v-sa-1-abc123', 'v-sa-1')).toBe(true);
    expect(isDirectOrderLookup('0501234567', 'v-sa-1')).toBe(false);
  });
});

describe('bulk upload file (SPEC §5, §9)', () => {
  it.each([
    [{ name: 'orders.xlsx', size: 5_242_880, type: XLSX_MIME_TYPE }, null],
    [{ name: 'ORDERS.XLSX', size: 10, type: '' }, null],
    [{ name: 'orders.xlsx', size: 5_242_881, type: XLSX_MIME_TYPE }, 'bulk-order-upload.file-too-large'],
    [{ name: 'orders.xls', size: 10, type: 'application/vnd.ms-excel' }, 'bulk-order-upload.invalid-file-format'],
    [{ name: 'orders.csv', size: 10, type: 'text/csv' }, 'bulk-order-upload.invalid-file-format'],
    [{ name: 'orders.xlsx', size: 10, type: 'text/csv' }, 'bulk-order-upload.invalid-file-format'],
  ])('%j -> %s', (file, key) => expect(validateBulkFile(file)).toBe(key));
});

describe('spreadsheet cells (formula injection)', () => {
  it.each(['=SUM(A1)', '+1+1', '+1 ', '+cmd|x', '+', '-1', '@cmd', '\tx', '\rx'])('%j gets a leading apostrophe', (value) => {
    expect(neutraliseSpreadsheetCell(value)).toBe(`'${value}`);
  });
  it.each(['Sara', '0501234567', '', '+966501234567', '+1'])('%j is unchanged (a + and digits only is a phone number)', (value) => expect(neutraliseSpreadsheetCell(value)).toBe(value));
  it('leaves numbers alone', () => expect(neutraliseSpreadsheetCell(-5)).toBe(-5));
});
