import { useState } from 'react';
import { useOrdersServices } from '../components/orders/OrdersServicesContext';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { useT } from '../i18n/useT';

/** Beside the carousel's portal.welcome-seen (src/app/preferences), in the same storage. */
export const GODROID_WELCOME_SEEN_KEY = 'portal.godroid-welcome-seen';

/** GodroidPopup flag: a vendor arriving from the GODROID app is welcomed once per browser; closing
 * the dialog either way remembers it. */
export function GodroidWelcome() {
  const t = useT();
  const { storage } = useOrdersServices();
  const [open, setOpen] = useState(() => storage.getItem(GODROID_WELCOME_SEEN_KEY) !== 'true');
  const dismiss = () => {
    storage.setItem(GODROID_WELCOME_SEEN_KEY, 'true');
    setOpen(false);
  };
  return (
    <ConfirmDialog
      open={open}
      title={t('godroid.welcome.title')}
      description={t('godroid.welcome.body')}
      cancelLabel={t('common.close')}
      submitLabel={t('godroid.welcome.start')}
      onCancel={dismiss}
      onSubmit={dismiss}
    />
  );
}
