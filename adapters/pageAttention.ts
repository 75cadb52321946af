// The user coming back to the page, from the browser: the tab shown again (`visibilitychange`) or the
// window focused again (another application was in front). Switching tabs may fire both; the banner's
// machine ignores a return while its read is on its way.
import type { PageAttention } from './ports';

export function createBrowserPageAttention(win: Window = globalThis.window): PageAttention {
  return {
    onReturn(listener) {
      const onVisibility = () => { if (win.document.visibilityState === 'visible') listener(); };
      win.addEventListener('focus', listener);
      win.document.addEventListener('visibilitychange', onVisibility);
      return () => {
        win.removeEventListener('focus', listener);
        win.document.removeEventListener('visibilitychange', onVisibility);
      };
    },
  };
}
