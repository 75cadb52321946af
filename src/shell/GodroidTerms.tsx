import { useState } from 'react';
import { isGodroidTosRequired, writeGodroidTosRequired } from '../../adapters/storage/sessionStorage';
import { useSession } from '../app/session/SessionContext';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useOrdersServices } from '../components/orders/OrdersServicesContext';
import { useT } from '../i18n/useT';

/**
 * The courier app stores godroid-tos-required (SPEC.md §6, §9) when its user has not accepted our
 * terms yet: the portal asks before anything else. Accepting clears the marker; declining leaves the
 * embedded session.
 */
export function GodroidTerms() {
  const t = useT();
  const session = useSession();
  const { storage } = useOrdersServices();
  const [required, setRequired] = useState(() => isGodroidTosRequired(storage));
  const accept = () => {
    writeGodroidTosRequired(storage, false);
    setRequired(false);
  };
  return (
    <ConfirmDialog
      open={required}
      title={t('godroid.terms.title')}
      description={t('godroid.terms.body')}
      cancelLabel={t('auth.logout')}
      submitLabel={t('godroid.terms.accept')}
      onCancel={session.logout}
      onSubmit={accept}
    />
  );
}
