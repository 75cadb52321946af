export * from './roles';
export * from './lastOwner';
export * from './auditPeriod';
export * from './vendorAccess';
