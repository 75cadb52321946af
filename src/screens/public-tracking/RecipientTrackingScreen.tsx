import { useParams, useSearch } from '@tanstack/react-router';
import type { TrackingView } from '../../../adapters/ports';
import { RECIPIENT_STAGES } from '../../../domain/tracking';
import { Notice } from '../../components/Notice';
import { useT } from '../../i18n/useT';
import { PublicTrackingPage } from './PublicTrackingPage';
import { StageProgress } from './StageProgress';

const RETURN_STAGES: readonly string[] = ['return-initiated', 'returned'];
const DELIVERY_PATH = RECIPIENT_STAGES.filter((stage) => !RETURN_STAGES.includes(stage));
const RETURN_PATH = RECIPIENT_STAGES.filter((stage) => stage !== 'near-customer' && stage !== 'delivered');

/** /tracking/{orderID}?t=: the recipient follows the delivery without logging in (SPEC §2, §4). */
export function RecipientTrackingScreen() {
  const t = useT();
  const { orderID } = useParams({ strict: false });
  const { t: token } = useSearch({ strict: false });
  const renderStages = (view: TrackingView) =>
    view.stage === null ? (
      <Notice kind="error">{t('public-tracking.cancelled')}</Notice>
    ) : (
      <StageProgress
        stages={RETURN_STAGES.includes(view.stage) ? RETURN_PATH : DELIVERY_PATH}
        current={view.stage}
        keyPrefix="public-tracking.stage."
      />
    );
  return (
    <PublicTrackingPage
      kind="recipient"
      orderId={orderID ?? ''}
      token={typeof token === 'string' ? token : ''}
      title={(view) =>
        view.vendor_name
          ? t('public-tracking.title.from', { name: view.customer_first_name, vendor: view.vendor_name })
          : t('public-tracking.title', { name: view.customer_first_name })
      }
      renderStages={renderStages}
    />
  );
}
