import styled from 'styled-components';
import { isInStatusGroup } from '../../../domain/statuses';
import type { BulkJobRow, BulkJobStatus, OrderStatus } from '../../../domain/types';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { statusLabelKey } from './statusLabel';

type Tone = 'error' | 'success' | 'info' | 'warning' | 'returned';

/** The theme colour of each tone; a returned order is not a delivery, so it is drawn neutral, not green. */
const TONE_COLOR = { error: 'error', success: 'success', info: 'info', warning: 'warning', returned: 'textMuted' } as const;
type BulkRowStatus = BulkJobRow['status'];

/** What a badge shows: an order's status, a bulk upload job's, or one of its rows'. */
export type StatusBadgeProps = { status: OrderStatus } | { jobStatus: BulkJobStatus } | { rowStatus: BulkRowStatus };

const BULK_TONES: Record<BulkJobStatus | BulkRowStatus, Tone> = {
  PREPROCESS_SUCCESS: 'info',
  PREPROCESS_SUCCESS_WITH_ERROR: 'warning',
  PREPROCESS_FAIL: 'error',
  ORDER_PLACEMENT_SUCCESS: 'success',
  ORDER_PLACEMENT_SUCCESS_WITH_ERROR: 'warning',
  ORDER_PLACEMENT_FAIL: 'error',
  UNKNOWN: 'warning',
  ORDER_PLACED: 'success',
  ORDER_FAILED: 'error',
};

function orderTone(status: OrderStatus): Tone {
  if (isInStatusGroup(status, 'cancelled')) return 'error';
  if (status === 'RETURNED_TO_VENDOR') return 'returned';
  if (isInStatusGroup(status, 'deliveredOrReturned')) return 'success';
  if (isInStatusGroup(status, 'collected')) return 'info';
  return 'warning';
}

/** The status as a coloured pill; the colour repeats the group, the text carries the meaning. */
export function StatusBadge(props: StatusBadgeProps) {
  const t = useT();
  let shown: { status: string; tone: Tone; label: string };
  if ('status' in props) shown = { status: props.status, tone: orderTone(props.status), label: t(statusLabelKey(props.status)) };
  else if ('jobStatus' in props) shown = { status: props.jobStatus, tone: BULK_TONES[props.jobStatus], label: t(`bulk-order-upload.job-status.${props.jobStatus}`) };
  else shown = { status: props.rowStatus, tone: BULK_TONES[props.rowStatus], label: t(`bulk-order-upload.row-status.${props.rowStatus}`) };
  return (
    <Pill $tone={shown.tone} data-status={shown.status}>
      {shown.label}
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
  border: 1px ${({ $tone }) => ($tone === 'returned' ? 'dashed' : 'solid')} ${({ theme, $tone }) => theme.colors[TONE_COLOR[$tone]]};
  &::before {
    content: '';
    flex: none;
    width: 8px;
    height: 8px;
    border-radius: ${({ $tone }) => ($tone === 'returned' ? '2px' : '50%')};
    background: ${({ theme, $tone }) => theme.colors[TONE_COLOR[$tone]]};
  }
`;
