import type { ReactNode } from 'react';
import { SideDrawer } from '../SideDrawer';
import { useT } from '../../i18n/useT';

/** The order detail in the side drawer (384 px, full width on small screens, SPEC §2). */
export function OrderDetailDrawer({ open, onClose, children }: { open: boolean; onClose: () => void; children: ReactNode }) {
  const t = useT();
  return (
    <SideDrawer open={open} onOpenChange={(next) => !next && onClose()} title={t('order.detail.title')} closeLabel={t('common.close')}>
      {children}
    </SideDrawer>
  );
}
