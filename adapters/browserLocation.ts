// Full-page navigation and reload, for payment redirects and the outdated-build reload.
import type { Navigator, Reloader } from './ports';

export function createBrowserNavigator(location: Location = globalThis.location): Navigator {
  return { assign: (url) => location.assign(url) };
}

export function createBrowserReloader(location: Location = globalThis.location): Reloader {
  return { reload: () => location.reload() };
}
