import { RouterProvider } from '@tanstack/react-router';
import { useEffect, useMemo, useState } from 'react';
import { useFlags } from './flags/FlagsContext';
import { routeAccess } from './access';
import { createAppRouter } from './routes';
import { useSession } from './session/SessionContext';
import { standingOf } from './vendors/standingOf';
import { useVendors } from './vendors/VendorsContext';

/** The router, re-checking its guards whenever the session, the flags or the selected vendor's role change (login, logout, maintenance). */
export function AppRouter() {
  const session = useSession();
  const flags = useFlags();
  // The selected vendor's role decides where the user lands and whether the request page opens.
  // Pending while the vendor list loads: the guards turn nothing away until the role is known.
  // The standing as a plain value, so a new vendor object with the same role does not re-run the guards.
  const standing = standingOf(useVendors());
  const known = typeof standing === 'string' ? standing : standing.role;
  const access = useMemo(
    () => routeAccess(session, flags, known === 'pending' || known === 'unlisted' ? known : { role: known }),
    [session, flags, known],
  );
  const [router] = useState(() => createAppRouter(access));
  useEffect(() => {
    router.update({ ...router.options, context: { access } });
    void router.invalidate();
  }, [router, access]);
  return <RouterProvider router={router} context={{ access }} />;
}
