import type { TypeA } from './typeA';

export interface TypeB { a?: TypeA }
