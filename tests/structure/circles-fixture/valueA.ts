// A circle of value imports (tests/structure/importCycles.test.ts).
import { valueB } from './valueB';

export const valueA = (): number => valueB() + 1;
