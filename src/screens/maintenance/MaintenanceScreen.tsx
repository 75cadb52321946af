import { useRouteContext } from '@tanstack/react-router';
import { EmptyState } from '../../components/EmptyState';
import { Page } from '../../components/Page';
import { useT } from '../../i18n/useT';

/** /maintenance, where every route goes while a maintenance flag is on (SPEC §2). */
export function MaintenanceScreen() {
  const t = useT();
  const { access } = useRouteContext({ from: '/public/maintenance' });
  const kind = access.maintenance === 'unplanned' ? 'unplanned' : 'planned';
  return (
    <Page $narrow>
      <EmptyState level={1} icon={<WrenchIcon />} title={t(`maintenance.${kind}.title`)} description={t(`maintenance.${kind}.body`)} />
    </Page>
  );
}

/** A wrench (Feather's "tool" icon, MIT): work in progress. */
function WrenchIcon() {
  return (
    <svg width="56" height="56" viewBox="0 0 24 24" aria-hidden="true">
      <path
        d="M14.7 6.3a1 1 0 0 0 0 1.4l1.6 1.6a1 1 0 0 0 1.4 0l3.77-3.77a6 6 0 0 1-7.94 7.94l-6.91 6.91a2.12 2.12 0 0 1-3-3l6.91-6.91a6 6 0 0 1 7.94-7.94l-3.76 3.76z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
