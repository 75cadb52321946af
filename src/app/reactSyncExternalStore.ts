// What `use-sync-external-store/shim` becomes in the build (vite.config.ts): the shim copies the hook for
// React before 18, and the package's main entry, written for 18, warns in development builds (Storybook)
// that it only re-exports React's. React 18 has the hook itself.
export { useSyncExternalStore } from 'react';
