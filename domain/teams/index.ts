export * from './roles';
export * from './lastOwner';
