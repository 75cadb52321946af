import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import * as domain from '../../domain';

const DOMAIN_DIR = fileURLToPath(new URL('../../domain', import.meta.url));

describe('the domain API of DESIGN.md', () => {
  it.each([
    'ORDER_STATUSES', 'STATUS_PROGRESS', 'compareStatusProgress', 'STATUS_GROUPS', 'listGroupOf', 'sortNewestFirst',
    'isCancellable', 'isRiderAssigned', 'etaKind', 'showsFullMap', 'isNearEta', 'shouldPollRider', 'recipientStage',
    'c2cStage', 'validateOrderForm', 'validateCollectionPoint', 'validatePassword', 'isValidVatNumber', 'isValidResetCode',
    'isWithinServiceHours', 'parseServiceHours', 'dateRangeFor', 'COUNTRIES', 'countryConfig', 'BRANDS', 'LOCALES',
    'resolveLocale', 'isRtl', 'PAYMENT_METHODS', 'isCardChoiceValid', 'pickPaymentMethod', 'deliveryFee', 'LIMITS',
    'greatCircleKm', 'parseLatLngInput', 'geolocatorLanguage', 'joinCustomerAddress', 'sanitizePhoneInput',
    'isPossiblePhone', 'needsSessionRefresh', 'isSessionValid', 'fallbackRefreshAfterS', 'liveUpdateTarget',
    'activeOrdersWindow', 'isPreorderTimeAllowed', 'validateBulkFile', 'neutraliseSpreadsheetCell', 'cancelReasons',
  ])('exports %s', (name) => {
    expect(domain).toHaveProperty(name);
    expect((domain as Record<string, unknown>)[name]).toBeDefined();
  });
});

describe('the domain stays pure', () => {
  const sources = readdirSync(DOMAIN_DIR).filter((file) => file.endsWith('.ts'));

  it.each(sources)('%s reads no clock and performs no I/O', (file) => {
    const text = readFileSync(join(DOMAIN_DIR, file), 'utf8');
    expect(text).not.toMatch(/Date\.now\(|new Date\(|performance\.now|Math\.random|fetch\(|localStorage|XMLHttpRequest|from 'node:/);
  });
});
