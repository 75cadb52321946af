// A value import one way, `import { type X }` the other (the port-and-implementation circle).
import { mixedB } from './mixedB';

export interface MixedA { value: number }
export const mixedA = (): MixedA => mixedB({ value: 1 });
