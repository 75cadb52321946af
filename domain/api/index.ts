// Every shape that crosses the wire, written once as a TypeBox schema with its `Static<>` type:
// the server hands the schemas to Fastify (validation and the OpenAPI document at /api-docs), the
// adapters and machines take their types from them. tests/contract/wireShapesOnce.test.ts keeps
// each name declared here only.
export * from './envelope';
export * from './geo';
export * from './addressBook';
export * from './fees';
export * from './live';
export * from './orders';
export * from './vouchers';
export * from './apiKeys';
export * from './insights';
export * from './notifications';
export * from './webhooks';
export * from './vendors';
export * from './helpCentre';
export * from './account';
export * from './tracking';
export * from './exports';
export * from './proofs';
export * from './flags';
export * from './payments';
export * from './operations';
export * from './bulk';
export * from './templates';
export * from './teams';
export * from './recurring';
