// Translation keys of the bulk upload (SPEC.md §8 "Bulk"). File-level problems answer an HTTP error
// with one of these; row-level problems are stored on the row. Keys of the domain's own rules
// (validateOrderForm, BULK_FILE_MESSAGES) are used as they are.
export const BULK_MESSAGES = {
  fileUploadError: 'bulk-order-upload.file-upload-error',
  missingFile: 'bulk-order-upload.missing-file',
  emptyFile: 'bulk-order-upload.empty-file',
  macrosNotAllowed: 'bulk-order-upload.macros-not-allowed',
  unsafeFile: 'bulk-order-upload.unsafe-file',
  tooLargeUnpacked: 'bulk-order-upload.file-too-large-unpacked',
  /** One XML part (a sheet, the shared-strings table) decodes past its budget. */
  partTooLarge: 'bulk-order-upload.part-too-large',
  missingColumns: 'bulk-order-upload.missing-columns',
  tooManyRows: 'bulk-order-upload.too-many-rows',
  jobNotFound: 'bulk-order-upload.view-details-error',
  nothingToPlace: 'bulk-order-upload.place-order-error',
} as const;

/** Row errors (BulkJobRow.error). */
export const BULK_ROW_ERRORS = {
  unknownCollectionPoint: 'bulk-order-upload.error.unknown-collection-point',
  collectionPointWithoutAddress: 'bulk-order-upload.error.collection-point-without-address',
  formulaWithoutValue: 'bulk-order-upload.error.formula-without-value',
  mergedCells: 'bulk-order-upload.error.merged-cells',
  /** A cell longer than any column allows (MAX_CELL_CHARS). */
  cellTooLong: 'bulk-order-upload.error.cell-too-long',
  invalidAmount: 'bulk-order-upload.error.invalid-amount',
  invalidPaymentMethod: 'bulk-order-upload.error.invalid-payment-method',
  onlinePaymentNotSupported: 'bulk-order-upload.error.online-payment-not-supported',
  invalidDeliveryType: 'bulk-order-upload.error.invalid-delivery-type',
  missingScheduledTime: 'bulk-order-upload.error.missing-scheduled-time',
  invalidScheduledTime: 'bulk-order-upload.error.invalid-scheduled-time',
  /** The same key POST /order uses for a pre-order out of range. */
  preorderOutOfRange: 'validation.invalid-preorder-time',
  undeliverable: 'request.error.undeliverable-address',
  placementFailed: 'bulk-order-upload.error.order-creation-failed',
} as const;
