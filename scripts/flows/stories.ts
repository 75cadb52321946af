// Which Storybook story shows a machine's state (stories/**). Keys are state node paths as in
// pathList.ts; the story id is Storybook's: kebab-cased title and export name, joined by `--`.
// tests/machines/flows.test.ts checks every key is a state of its machine and every id a story.

export const STORY_BY_STATE: Record<string, Record<string, string>> = {
  requestRider: {
    origin: 'screens-request-a-rider--ask-for-collection-point',
    closed: 'screens-request-a-rider--service-closed',
    'drafting.destination': 'screens-request-a-rider--ask-for-drop-off',
    'drafting.details': 'screens-request-a-rider--order-details',
    'drafting.payment': 'screens-request-a-rider--payment',
    renewingSignature: 'screens-request-a-rider--signature-changed',
    submitFailed: 'screens-request-a-rider--submit-failed',
  },
  bulkJob: {
    'flow.SHOW_PREPROCESS_RESULTS': 'screens-bulk-order--uploaded-and-checked',
    'flow.confirmingPlacement': 'screens-bulk-order--place-orders-confirmation',
    'flow.SHOW_ORDER_PLACEMENT_RESULTS': 'screens-bulk-order--placed-job-details',
    'history.loaded': 'screens-bulk-order--job-history',
    'history.failed': 'screens-bulk-order--history-could-not-load',
  },
  proofDownload: {
    idle: 'screens-order-tracking--order-detail-proofs',
    failed: 'screens-order-tracking--order-detail-proofs-download-failed',
  },
  invitation: {
    ready: 'screens-public-pages--invitation',
    unusable: 'screens-public-pages--invitation-expired',
  },
  ordersList: {
    loading: 'screens-history--loading',
    ready: 'screens-history--past-orders',
    failed: 'screens-history--could-not-load',
  },
  orderCancel: {
    cancelled: 'screens-order-tracking--order-detail-cancelled',
  },
  collectionPointForm: {
    editing: 'screens-request-a-rider--add-collection-point',
  },
  signatureRetry: {
    confirmingNewFee: 'screens-request-a-rider--signature-changed',
  },
  payment: {
    choosingCard: 'screens-request-a-rider--payment',
  },
  notificationSettings: {
    loading: 'screens-notification-settings--loading',
    ready: 'screens-notification-settings--settings',
    failed: 'screens-notification-settings--could-not-load',
  },
  emailPreview: {
    shown: 'screens-notification-settings--settings',
    failed: 'screens-notification-settings--email-preview-failed',
  },
  failingWebhooks: {
    idle: 'screens-failing-webhooks-banner--failing-one',
  },
  auditTrail: {
    loading: 'screens-audit--loading',
    ready: 'screens-audit--trail',
    failed: 'screens-audit--could-not-load',
  },
  teamMembers: {
    loading: 'screens-team--loading',
    ready: 'screens-team--members',
    failed: 'screens-team--could-not-load',
  },
  recurringOrders: {
    loading: 'screens-recurring-orders--loading',
    ready: 'screens-recurring-orders--no-recurring-orders',
    failed: 'screens-recurring-orders--could-not-load',
  },
  apiKeys: {
    loading: 'screens-developers--loading',
    ready: 'screens-developers--no-keys',
    failed: 'screens-developers--could-not-load',
  },
};

/** From a flow page at flows/<machine>.html of the Storybook build to the story, in Storybook's manager. */
export const storyUrl = (id: string): string => `../?path=/story/${id}`;

/** The story of the innermost end state that has one. */
export function storyFor(machineName: string, endStates: string[]): string | undefined {
  const table = STORY_BY_STATE[machineName] ?? {};
  return endStates.toReversed().map((state) => table[state]).find((id) => id !== undefined);
}
