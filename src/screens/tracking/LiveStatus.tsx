import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { liveOrdersMachine } from '../../../machines/liveOrders';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

/** Whether live updates are flowing: connected and subscribed, or reconnecting. */
export function LiveStatus({ actor }: { actor: ActorRefFrom<typeof liveOrdersMachine> }) {
  const t = useT();
  const live = useSelector(
    actor,
    (snapshot) => snapshot.matches({ connection: { open: 'connected' } }) && snapshot.context.subscribedVendorId === snapshot.context.vendorId,
  );
  return (
    <Status role="status" data-live={live ? 'connected' : 'reconnecting'} $live={live}>
      {live ? t('tracking.live.connected') : t('tracking.live.reconnecting')}
    </Status>
  );
}

const Status = styled.span<{ $live: boolean }>`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(2)};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  &::before {
    content: '';
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme, $live }) => ($live ? theme.colors.success : theme.colors.warning)};
  }
`;
