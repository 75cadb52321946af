import { valueA } from './valueA';

export const valueB = (): number => (valueA.length === 0 ? 0 : 1);
