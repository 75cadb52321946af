import styled from 'styled-components';
import type { BulkJobRow, BulkJobStatus } from '../../../domain/types';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

type Tone = 'error' | 'success' | 'info' | 'warning';
type Status = BulkJobStatus | BulkJobRow['status'];

const TONES: Record<Status, Tone> = {
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

type Props = { jobStatus: BulkJobStatus } | { rowStatus: BulkJobRow['status'] };

/** A job's or a row's status as a coloured pill; the text carries the meaning, the colour repeats it. */
export function BulkStatusBadge(props: Props) {
  const t = useT();
  const [status, label]: [Status, string] =
    'jobStatus' in props
      ? [props.jobStatus, t(`bulk-order-upload.job-status.${props.jobStatus}`)]
      : [props.rowStatus, t(`bulk-order-upload.row-status.${props.rowStatus}`)];
  return (
    <Pill $tone={TONES[status]} data-status={status}>
      {label}
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
  white-space: nowrap;
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
