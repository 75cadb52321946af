// A circle of `import type` both ways: erased by TypeScript, the coupling stays.
import type { TypeB } from './typeB';

export interface TypeA { b?: TypeB }
