import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useFlags } from './flags/FlagsContext';
import { routeAccess } from './access';
import { createAppRouter } from './routes';
import { useSession } from './session/SessionContext';

/** The router, re-checking its guards whenever the session or the flags change (login, logout, maintenance). */
export function AppRouter() {
  const session = useSession();
  const flags = useFlags();
  const access = useMemo(() => routeAccess(session, flags), [session, flags]);
  const [router] = useState(() => createAppRouter(access));
  useEffect(() => {
    router.update({ ...router.options, context: { access } });
    void router.invalidate();
  }, [router, access]);
  return <RouterProvider router={router} context={{ access }} />;
}
