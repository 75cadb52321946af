import { Link, useParams, useSearch } from '@tanstack/react-router';
import styled from 'styled-components';
import type { TrackingView } from '../../../adapters/ports';
import { C2C_STAGES } from '../../../domain/tracking';
import { Notice } from '../../components/Notice';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { PublicTrackingPage } from './PublicTrackingPage';
import { StageProgress } from './StageProgress';

const JOURNEY = C2C_STAGES.filter((stage) => stage !== 'cancelled');

/** /tracking-c2c/{orderID}?t=: an individual sender's parcel, with the prohibited-items list. */
export function C2cTrackingScreen() {
  const t = useT();
  const { orderID } = useParams({ strict: false });
  const { t: token } = useSearch({ strict: false });
  const renderStages = (view: TrackingView) =>
    view.stage === 'cancelled' || view.stage === null ? (
      <Notice kind="error">{t('public-tracking.cancelled')}</Notice>
    ) : (
      <StageProgress stages={JOURNEY} current={view.stage} keyPrefix="public-tracking.c2c-stage." />
    );
  return (
    <PublicTrackingPage
      kind="c2c"
      orderId={orderID ?? ''}
      token={typeof token === 'string' ? token : ''}
      title={(view) =>
        view.sender_first_name
          ? t('public-tracking.c2c-title.from', { sender: view.sender_first_name, name: view.customer_first_name })
          : t('public-tracking.c2c-title', { name: view.customer_first_name })
      }
      renderStages={renderStages}
      footer={
        <Footer>
          <Link to="/prohibiteditems-c2c">{t('public-tracking.prohibited-items')}</Link>
        </Footer>
      }
    />
  );
}

const Footer = styled.p`
  margin-top: ${tokens.space(4)};
  /* primaryOnSurface: the brand colour readable on the page (yellow primaries are not). */
  a { color: ${({ theme }) => theme.colors.primaryOnSurface}; font-weight: 600; }
`;
