import { lazyA } from './lazyA';

export const lazyB = lazyA.length;
