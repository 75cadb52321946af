import { Link } from '@tanstack/react-router';
import { Notice } from '../../components/Notice';
import { useT } from '../../i18n/useT';

/** A guest who already ordered is invited to create an account, where the history lives (SPEC §1). */
export function GuestRegisterPrompt({ orderCount }: { orderCount: number }) {
  const t = useT();
  if (orderCount === 0) return null;
  return (
    <Notice kind="info">
      {t('request.guest.register-prompt', { count: orderCount })} <Link to="/register">{t('auth.register.title')}</Link>
    </Notice>
  );
}
