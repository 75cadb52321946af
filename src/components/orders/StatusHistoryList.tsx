import styled from 'styled-components';
import type { StatusHistoryEntry } from '../../../domain/types';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { statusLabelKey } from './statusLabel';
import { useOrderFormat } from './useOrderFormat';

/** The order's status history, oldest first, as a timeline. */
export function StatusHistoryList({ history }: { history: readonly StatusHistoryEntry[] }) {
  const t = useT();
  const format = useOrderFormat();
  const entries = [...history].sort((a, b) => a.created_at - b.created_at);
  return (
    <Timeline aria-label={t('order.detail.history')}>
      {entries.map((entry, index) => (
        <li key={`${entry.status}-${entry.created_at}-${index}`}>
          <span>{t(statusLabelKey(entry.status))}</span>
          <time dateTime={new Date(entry.created_at * 1000).toISOString()}>{format.dateTime(entry.created_at)}</time>
        </li>
      ))}
    </Timeline>
  );
}

const Timeline = styled.ol`
  margin: 0;
  padding: 0;
  list-style: none;
  li {
    position: relative;
    display: flex;
    justify-content: space-between;
    gap: ${tokens.space(2)};
    padding-block: ${tokens.space(1)};
    padding-inline: ${tokens.space(5)} 0;
    font-size: 0.85rem;
  }
  li::before {
    content: '';
    position: absolute;
    inset-inline-start: 4px;
    top: 50%;
    width: 8px;
    height: 8px;
    margin-top: -4px;
    border-radius: 50%;
    background: ${({ theme }) => theme.colors.primary};
  }
  time { color: ${({ theme }) => theme.colors.textMuted}; white-space: nowrap; }
`;
