// A lazy import() one way: it loads after both modules are ready, so this is no circle.
export const lazyA = async (): Promise<number> => (await import('./lazyB')).lazyB;
