import { useSelector } from '@xstate/react';
import { Button } from '../../components/Button';
import { useT } from '../../i18n/useT';
import type { BulkJobActor } from './useBulkJobActor';

/** GET /bulk-job/example-file, saved as Template.xlsx; spins while it downloads. */
export function TemplateDownloadButton({ actor }: { actor: BulkJobActor }) {
  const t = useT();
  const downloading = useSelector(actor, (snapshot) => snapshot.matches({ template: 'downloading' }));
  const canDownload = useSelector(actor, (snapshot) => snapshot.can({ type: 'template.requested' }));
  return (
    <Button variant="secondary" loading={downloading} disabled={!canDownload} onClick={() => actor.send({ type: 'template.requested' })}>
      {t('bulk-order-upload.template.download')}
    </Button>
  );
}
