import { type MixedA } from './mixedA';

export const mixedB = (value: MixedA): MixedA => value;
