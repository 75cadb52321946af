import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useFlags } from './flags/FlagsContext';
import { routeAccess } from './access';
import { createAppRouter } from './routes';
import { useSession } from './session/SessionContext';
import { useVendors } from './vendors/VendorsContext';

/** The router, re-checking its guards whenever the session, the flags or the selected vendor's role change (login, logout, maintenance). */
export function AppRouter() {
  const session = useSession();
  const flags = useFlags();
  // The selected vendor's role decides where the user lands and whether the request page opens.
  const { selected } = useVendors();
  const selectedRole = selected?.role;
  const access = useMemo(() => routeAccess(session, flags, { role: selectedRole }), [session, flags, selectedRole]);
  const [router] = useState(() => createAppRouter(access));
  useEffect(() => {
    router.update({ ...router.options, context: { access } });
    void router.invalidate();
  }, [router, access]);
  return <RouterProvider router={router} context={{ access }} />;
}
