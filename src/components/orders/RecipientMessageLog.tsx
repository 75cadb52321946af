import styled from 'styled-components';
import type { SentNotification } from '../../../adapters/ports';
import type { Order } from '../../../domain/types';
import { Button } from '../Button';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { DetailSection } from './DetailSection';
import { useOrderFormat } from './useOrderFormat';
import { useRecipientMessages } from './useRecipientMessages';

/** The event's name, shared with Settings → Notifications. */
const EVENT_LABEL = (event: SentNotification['event']) => `notification-settings.event.${event}`;

/** The order's messages to its recipient ("SMS sent 12:31"), times in the vendor's zone. Keyed by order by the caller. */
export function RecipientMessageLog({ order }: { order: Order }) {
  const t = useT();
  const format = useOrderFormat();
  const { actor, snapshot } = useRecipientMessages(order.vendor_id, order.order_id, order.status);
  const { messages } = snapshot.context;
  const line = (message: SentNotification): string => {
    const time = format.time(message.at);
    if (message.outcome === 'sent') return t(message.channel === 'sms' ? 'order.recipient-messages.sms-sent' : 'order.recipient-messages.email-sent', { time });
    if (message.outcome === 'sending') return t('order.recipient-messages.sending', { channel: message.channel, time });
    return t('order.recipient-messages.not-sent', { channel: message.channel, time, reason: t(`order.recipient-messages.reason.${message.outcome}`) });
  };
  return (
    <DetailSection title={t('order.recipient-messages.title')}>
      <div aria-busy={snapshot.matches('loading') || undefined} data-testid="recipient-messages">
        {snapshot.matches('failed') && (
          <p>
            {t('order.recipient-messages.load-failed')}{' '}
            <Button variant="secondary" onClick={() => actor.send({ type: 'retry.requested' })}>{t('common.retry')}</Button>
          </p>
        )}
        {snapshot.matches('shown') && messages.length === 0 && <Muted>{t('order.recipient-messages.none')}</Muted>}
        {messages.length > 0 && (
          <Log>
            {messages.map((message) => (
              <li key={`${message.event}-${message.channel}`} data-outcome={message.outcome}>
                <span>{line(message)}</span>
                <Muted>{t(EVENT_LABEL(message.event))}</Muted>
              </li>
            ))}
          </Log>
        )}
      </div>
    </DetailSection>
  );
}

const Log = styled.ul`
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: flex; flex-wrap: wrap; justify-content: space-between; gap: ${tokens.space(2)}; padding-block: ${tokens.space(1)}; font-size: 0.85rem; }
`;

const Muted = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.85rem;
`;
