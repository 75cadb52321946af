// Which of the app's own modules the production build may drop when nothing uses their exports
// (vite.config.ts's tree-shaking). The screens, components, machines and adapters only declare what
// they export; the entry (src/main.tsx: fonts, the first render) and the map adapters (the engines'
// CSS, the worker's address) run code on import. tests/structure/sideEffectImports.test.ts keeps a
// bare `import 'x'` (an import for its effect alone) out of the modules this marks free.

/** A path relative to the project's root, with `/` separators. */
export const SIDE_EFFECT_FREE_APP_CODE = /^(src\/(?!main\.tsx$)|machines\/|adapters\/(?!map\/)).+\.tsx?$/;

export function isSideEffectFreeAppModule(relativePath: string): boolean {
  return SIDE_EFFECT_FREE_APP_CODE.test(relativePath) && !relativePath.endsWith('.d.ts');
}
