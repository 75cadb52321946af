import styled from 'styled-components';
import type { BulkJob } from '../../../domain/types';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { formatNumber } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

type Tone = 'text' | 'success' | 'error';

/** The job's totals (SPEC §3 "Bulk job"): rows read, orders to be placed, errors, and once placed,
 * the orders placed. */
export function JobSummary({ job, placed }: { job: BulkJob; placed: boolean }) {
  const t = useT();
  const { locale } = usePreferences();
  const errorTone: Tone = job.totals.errors > 0 ? 'error' : 'text';
  const figures: { key: string; label: string; value: number; tone: Tone }[] = [
    { key: 'rows', label: t('bulk-order-upload.summary.rows'), value: job.totals.rows, tone: 'text' },
    { key: 'to-place', label: t('bulk-order-upload.summary.to-be-placed'), value: job.totals.orders_to_be_placed, tone: 'text' },
    ...(placed ? [{ key: 'placed', label: t('bulk-order-upload.summary.placed'), value: job.totals.orders_placed, tone: 'success' as const }] : []),
    { key: 'errors', label: t('bulk-order-upload.summary.errors'), value: job.totals.errors, tone: errorTone },
  ];
  return (
    <Figures data-testid="bulk-summary">
      {figures.map((figure) => (
        <Figure key={figure.key} data-figure={figure.key}>
          <dt>{figure.label}</dt>
          <Value $tone={figure.tone}>{formatNumber(figure.value, { locale })}</Value>
        </Figure>
      ))}
    </Figures>
  );
}

const Figures = styled.dl`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(130px, 1fr));
  gap: ${tokens.space(3)};
  margin: 0;
`;

const Figure = styled.div`
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.background};
  dt { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.875rem; }
`;

const Value = styled.dd<{ $tone: Tone }>`
  margin: ${tokens.space(1)} 0 0;
  font-size: 1.5rem;
  font-weight: 700;
  color: ${({ theme, $tone }) => theme.colors[$tone]};
`;
