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
      <EmptyState title={t(`maintenance.${kind}.title`)} description={t(`maintenance.${kind}.body`)} />
    </Page>
  );
}
