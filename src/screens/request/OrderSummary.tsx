import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import { formatDateTime } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useRequestFlow } from './RequestFlowContext';

/** Where from, where to, for whom and when, as the draft stands. */
export function OrderSummary() {
  const t = useT();
  const { actor, vendor, isGuest, locale, timeZone } = useRequestFlow();
  const origin = useSelector(actor, (snapshot) => snapshot.context.origin);
  const draft = useSelector(actor, (snapshot) => snapshot.context.draft);
  const none = t('request.summary.not-set');
  return (
    <List>
      <Item>
        <dt>{t('request.summary.from')}</dt>
        <dd>
          {isGuest ? t('request.summary.guest-sender') : vendor.name}
          {origin?.streetAddress ? <Muted>{origin.streetAddress}</Muted> : null}
        </dd>
      </Item>
      <Item>
        <dt>{t('request.summary.to')}</dt>
        <dd>{draft.destinationTextAddress || none}</dd>
      </Item>
      <Item>
        <dt>{t('request.summary.customer')}</dt>
        <dd>{draft.destinationName || none}</dd>
      </Item>
      <Item>
        <dt>{t('request.summary.when')}</dt>
        <dd>{draft.preorderedFor === null ? t('request.time.asap') : formatDateTime(draft.preorderedFor, { locale, timeZone })}</dd>
      </Item>
    </List>
  );
}

const List = styled.dl`
  margin: 0;
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
`;

const Item = styled.div`
  dt { font-size: 0.8rem; text-transform: uppercase; letter-spacing: 0.04em; color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 2px 0 0; overflow-wrap: anywhere; }
`;

const Muted = styled.span`
  display: block;
  font-size: 0.85rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;
