import styled from 'styled-components';
import { isInStatusGroup } from '../../../domain/statuses';
import type { OrderStatus } from '../../../domain/types';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { statusLabelKey } from './statusLabel';

type Tone = 'error' | 'success' | 'info' | 'warning';

function toneOf(status: OrderStatus): Tone {
  if (isInStatusGroup(status, 'cancelled')) return 'error';
  if (isInStatusGroup(status, 'deliveredOrReturned')) return 'success';
  if (isInStatusGroup(status, 'collected')) return 'info';
  return 'warning';
}

/** The status as a coloured pill; the colour repeats the group, the text carries the meaning. */
export function StatusBadge({ status }: { status: OrderStatus }) {
  const t = useT();
  return (
    <Pill $tone={toneOf(status)} data-status={status}>
      {t(statusLabelKey(status))}
    </Pill>
  );
}

const Pill = styled.span<{ $tone: Tone }>`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(1)};
  padding: 2px ${tokens.space(2)};
  border-radius: ${tokens.radius.pill};
  font-size: 0.8rem;
  font-weight: 600;
  max-width: 100%;
  color: ${({ theme }) => theme.colors.text};
  background: ${({ theme }) => theme.colors.background};
  border: 1px solid ${({ theme, $tone }) => theme.colors[$tone]};
  &::before {
    content: '';
    width: 8px;
    height: 8px;
    border-radius: 50%;
    background: ${({ theme, $tone }) => theme.colors[$tone]};
  }
`;
