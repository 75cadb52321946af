import styled from 'styled-components';
import type { Insights } from '../../../adapters/ports';
import { allOutletsRow } from '../../../domain/insights';
import { ChartCard } from '../../components/charts/ChartCard';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import type { InsightsFormat } from './useInsightsFormat';

/** Spend per outlet (a parent vendor sees its outlets side by side): orders, fees, discounts, cash
 * collected; with several outlets, a last row adds them all up. */
export function OutletSpendTable({ insights, format }: { insights: Insights; format: InsightsFormat }) {
  const t = useT();
  const title = t('insights.outlets.title');
  const total = allOutletsRow(insights.outlets);
  return (
    <ChartCard title={title} testId="insights-outlets">
      {/* Focusable so a keyboard can scroll it sideways on a narrow screen. */}
      <Scroller tabIndex={0} role="group" aria-label={title}>
        <Table>
          <thead>
            <tr>
              <th scope="col">{t('history.column.outlet')}</th>
              <th scope="col">{t('insights.column.orders')}</th>
              <th scope="col">{t('insights.outlets.fees')}</th>
              <th scope="col">{t('insights.outlets.discounts')}</th>
              <th scope="col">{t('insights.outlets.cash')}</th>
            </tr>
          </thead>
          <tbody>
            {insights.outlets.map((outlet) => (
              <tr key={outlet.vendor_id} data-outlet={outlet.vendor_id}>
                <th scope="row">{outlet.name}</th>
                <td>{format.number(outlet.orders)}</td>
                <td>{format.money(outlet.fees)}</td>
                <td>{format.money(outlet.discounts)}</td>
                <td>{format.money(outlet.cash_collected)}</td>
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr data-testid="insights-outlets-total">
                <th scope="row">{t('insights.outlets.total')}</th>
                <td>{format.number(total.orders)}</td>
                <td>{format.money(total.fees)}</td>
                <td>{format.money(total.discounts)}</td>
                <td>{format.money(total.cash_collected)}</td>
              </tr>
            </tfoot>
          )}
        </Table>
      </Scroller>
    </ChartCard>
  );
}

const Scroller = styled.div`
  overflow-x: auto;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  th, td { padding: ${tokens.space(2)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: end; white-space: nowrap; }
  th:first-child { text-align: start; white-space: normal; }
  thead th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 400; }
  tbody th { font-weight: 500; }
  tfoot th, tfoot td { font-weight: 600; border-bottom: none; border-top: 2px solid ${({ theme }) => theme.colors.border}; }
  td { font-variant-numeric: tabular-nums; }
`;
