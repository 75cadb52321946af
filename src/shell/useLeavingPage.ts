import { useRouterState } from '@tanstack/react-router';

/**
 * Whether the page on screen is being left: the URL already names another page whose route (a lazy
 * chunk, its guards) is still loading, so the router keeps showing the old one meanwhile. What a user
 * types into it then is lost a moment later, when the new page replaces it (History's period filter
 * looks the same as Insights'). A re-check of the guards on the same page (router.invalidate) or a
 * change of the search alone is not leaving.
 */
export function useLeavingPage(): boolean {
  return useRouterState({
    select: (state) => state.status === 'pending' && state.resolvedLocation !== undefined && state.location.pathname !== state.resolvedLocation.pathname,
  });
}
