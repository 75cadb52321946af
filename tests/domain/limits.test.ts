import { describe, expect, it } from 'vitest';
import { LIMITS } from '../../domain';

// One row per line of SPEC.md §9's table.
describe('business constants (SPEC §9 table)', () => {
  it.each([
    ['Bulk file max', LIMITS.bulkFileMaxBytes, 5_242_880],
    ['Bulk file format', LIMITS.bulkFileExtension, '.xlsx'],
    ['Description max', LIMITS.descriptionMaxChars, 200],
    ['Notes max (bytes)', LIMITS.notesMaxBytes, 1000],
    ['Street address max (bytes)', LIMITS.streetAddressMaxBytes, 255],
    ['Pakistan minimum order amount', LIMITS.pakistanMinimumAmount, 100],
    ['Password minimum', LIMITS.passwordMinLength, 8],
    ['VAT number', LIMITS.vatNumberLength, 8],
    ['Reset code', LIMITS.resetCodeDigits, 6],
    ['Registration link validity (24 h)', LIMITS.registrationLinkValidityS, 86_400],
    ['Autocomplete debounce', LIMITS.autocompleteDebounceMs, 500],
    ['Address-book search minimum', LIMITS.addressBookSearchMinChars, 2],
    ['Search history', LIMITS.searchHistoryMaxTerms, 10],
    ['Call retries', LIMITS.callRetries, 3],
    ['Address-book search retries', LIMITS.addressBookSearchRetries, 1],
    ['Past orders page size', LIMITS.pastOrdersPageSize, 30],
    ['Include-outlets page size', LIMITS.includeOutletsPageSize, 50],
    ['Active orders fetch count', LIMITS.activeOrdersFetchCount, 200],
    ['Pre-orders up to 2 days ahead', LIMITS.preorderMaxAheadS, 172_800],
    ['Token refresh threshold', LIMITS.tokenRefreshThresholdS, 600],
    ['Cancel of PAYMENT_COMMITTED after 10 minutes', LIMITS.paymentCommittedCancelAfterS, 600],
    ['ASAP drop-off', LIMITS.asapDropOffWithinMin, 60],
    ['Parameter cache', LIMITS.parameterCacheMs, 300_000],
    ['Flag polling', LIMITS.flagPollingMs, 300_000],
    ['Flag timeout', LIMITS.flagTimeoutMs, 2000],
    ['Flag debounce', LIMITS.flagDebounceMs, 400],
    ['Asset version check', LIMITS.assetVersionCheckMs, 300_000],
    ['Reload after outdated', LIMITS.outdatedReloadAfterMs, 3000],
    ['Websocket reconnect check', LIMITS.websocketReconnectCheckMs, 1000],
    ['Signature retry delay', LIMITS.signatureRetryDelayMs, 1000],
    ['Vendor-loading poll', LIMITS.vendorLoadingPollMs, 200],
    ['Toast default', LIMITS.toastDefaultMs, 3500],
    ['Toast in the request flow', LIMITS.toastRequestFlowMs, 5000],
    ['Drawer width', LIMITS.drawerWidthPx, 384],
    ['Login pickup estimation', LIMITS.loginPickupEstimation, 15],
    ['Default date filter', LIMITS.defaultDateFilter, 'Yesterday'],
    ['Default status filter', LIMITS.defaultStatusFilter, 'ANY'],
  ] as const)('%s', (_row, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('Map zoom: 18 in address pickers; collection point 12 with parent vendor else 2, 17 with an outlet', () => {
    expect(LIMITS.mapZoom).toEqual({
      addressPicker: 18,
      collectionPointWithParentVendor: 12,
      collectionPointWithoutParentVendor: 2,
      collectionPointWithOutlet: 17,
    });
  });

  it('Marker size 65 x 65', () => expect(LIMITS.markerSizePx).toEqual({ width: 65, height: 65 }));
  it('Service hours range 0000-2359', () => expect(LIMITS.serviceHoursRange).toEqual({ first: '0000', last: '2359' }));
  it('Supported payment methods in the request flow', () => {
    expect(LIMITS.requestFlowPaymentMethods).toEqual(['CASH_ON_DELIVERY', 'ONLINE_PAYMENT']);
  });
  it('Token storage keys', () => {
    expect(LIMITS.tokenStorageKeys).toEqual({ godroidToken: 'godroid-token', godroidLocale: 'godroid-locale', godroidTosRequired: 'godroid-tos-required' });
  });
  it('Environments stg, prd, sandbox (san)', () => expect([...LIMITS.environments].sort()).toEqual(['prd', 'san', 'stg']));
  it('Regions', () => {
    expect(LIMITS.regions).toEqual(['ap-southeast-1', 'eu-west-2', 'ap-northeast-1', 'eu-north-1', 'ap-south-1', 'eu-central-1']);
  });
});
