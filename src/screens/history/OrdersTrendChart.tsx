import { useId } from 'react';
import styled from 'styled-components';
import type { OrderTrend } from '../../../adapters/ports';
import { Button } from '../../components/Button';
import { Skeleton } from '../../components/Skeleton';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { TrendBars } from './TrendBars';
import { TREND_HEIGHT } from './trendChartLayout';

export type TrendChartStatus = 'loading' | 'shown' | 'empty' | 'failed';

interface Props {
  status: TrendChartStatus;
  trend: OrderTrend | null;
  onRetry: () => void;
}

/** The History's orders-per-day chart in each state of its machine: loading, shown, empty, failed. */
export function OrdersTrendChart({ status, trend, onRetry }: Props) {
  const t = useT();
  const titleId = useId();
  return (
    <Figure aria-labelledby={titleId} aria-busy={status === 'loading'}>
      <Title id={titleId}>{t('history.trend.title')}</Title>
      {status === 'failed' ? (
        <Message role="alert">
          <span>{t('history.trend.error')}</span>
          <Button variant="secondary" onClick={onRetry}>{t('common.retry')}</Button>
        </Message>
      ) : status === 'empty' ? (
        <Message>{t('history.empty.title')}</Message>
      ) : status === 'shown' && trend ? (
        <TrendBars trend={trend} />
      ) : (
        <Skeleton $height={`${TREND_HEIGHT + 48}px`} data-testid="orders-trend-loading" />
      )}
    </Figure>
  );
}

const Figure = styled.section`
  position: relative;
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(2)};
  padding: ${tokens.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.surface};
`;

const Title = styled.h2`
  margin: 0;
  font-size: 1rem;
`;

const Message = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(3)};
  min-height: ${tokens.space(12)};
  color: ${({ theme }) => theme.colors.textMuted};
`;
