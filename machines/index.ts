// Every flow of the portal as an XState v5 machine (DESIGN.md "Machines"). The app provides the
// actors and effect actions with machine.provide(...); tests provide fakes.
export * from './addressSearch';
export * from './apiKeys';
export * from './appLoad';
export * from './bulkJob';
export * from './collectionPointForm';
export * from './destinationCheck';
export * from './exportMachine';
export * from './featureFlags';
export * from './helpCentre';
export * from './fee';
export * from './liveOrders';
export * from './onlinePayment';
export * from './orderCancel';
export * from './ordersList';
export * from './orderTrend';
export * from './payment';
export * from './publicTracking';
export * from './receipt';
export * from './requestDraft';
export * from './requestRider';
export * from './riderPolling';
export * from './session';
export * from './signatureRetry';
export type * from './toasts';
export * from './toastTimer';
export * from './vendors';
export * from './voucherCheck';
