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
    (snapshot) => snapshot.matches({ connection: 'connected' }) && snapshot.context.subscribedVendorId === snapshot.context.vendorId,
  );
  // Both words take the same cell and the one not shown is only hidden: the status is as wide as the
  // longer one in either state, so the toolbar around it never rewraps when the connection comes up
  // (a phone's search field and status fit one line for "Live" and not for "Reconnecting…").
  return (
    <Status role="status" data-live={live ? 'connected' : 'reconnecting'} $live={live}>
      <Word $shown={live}>{t('tracking.live.connected')}</Word>
      <Word $shown={!live}>{t('tracking.live.reconnecting')}</Word>
    </Status>
  );
}

const Word = styled.span<{ $shown: boolean }>`
  grid-area: word;
  visibility: ${({ $shown }) => ($shown ? 'visible' : 'hidden')};
`;

const Status = styled.span<{ $live: boolean }>`
  display: inline-grid;
  grid-template-areas: 'dot word';
  align-items: center;
  gap: ${tokens.space(2)};
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
  &::before {
    grid-area: dot;
    content: '';
    width: 10px;
    height: 10px;
    border-radius: 50%;
    background: ${({ theme, $live }) => ($live ? theme.colors.success : theme.colors.warning)};
  }
`;
