import styled from 'styled-components';
import type { Insights } from '../../../adapters/ports';
import { allOutletsRow } from '../../../domain/insights';
import { cardsOnPhone } from '../../components/cardsOnPhone';
import { ChartCard } from '../../components/charts/ChartCard';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import type { InsightsFormat } from './useInsightsFormat';

/** Spend per outlet (a parent vendor sees its outlets side by side): orders, fees, discounts, cash
 * collected; with several outlets, a last row adds them all up. On a phone each outlet is a card
 * (`cardsOnPhone`), so every value cell carries its column's name in `data-label`. */
export function OutletSpendTable({ insights, format }: { insights: Insights; format: InsightsFormat }) {
  const t = useT();
  const title = t('insights.outlets.title');
  const total = allOutletsRow(insights.outlets);
  const columns = {
    orders: t('insights.column.orders'),
    fees: t('insights.outlets.fees'),
    discounts: t('insights.outlets.discounts'),
    cash: t('insights.outlets.cash'),
  };
  return (
    <ChartCard title={title} testId="insights-outlets">
      {/* Focusable so a keyboard can scroll it sideways on a narrow screen. */}
      <Scroller tabIndex={0} role="group" aria-label={title}>
        <Table>
          <thead>
            <tr>
              <th scope="col">{t('history.column.outlet')}</th>
              <th scope="col">{columns.orders}</th>
              <th scope="col">{columns.fees}</th>
              <th scope="col">{columns.discounts}</th>
              <th scope="col">{columns.cash}</th>
            </tr>
          </thead>
          <tbody>
            {insights.outlets.map((outlet) => (
              <tr key={outlet.vendor_id} data-outlet={outlet.vendor_id}>
                <th scope="row">{outlet.name}</th>
                <td data-label={columns.orders}>{format.number(outlet.orders)}</td>
                <td data-label={columns.fees}>{format.money(outlet.fees)}</td>
                <td data-label={columns.discounts}>{format.money(outlet.discounts)}</td>
                <td data-label={columns.cash}>{format.money(outlet.cash_collected)}</td>
              </tr>
            ))}
          </tbody>
          {total && (
            <tfoot>
              <tr data-testid="insights-outlets-total">
                <th scope="row">{t('insights.outlets.total')}</th>
                <td data-label={columns.orders}>{format.number(total.orders)}</td>
                <td data-label={columns.fees}>{format.money(total.fees)}</td>
                <td data-label={columns.discounts}>{format.money(total.discounts)}</td>
                <td data-label={columns.cash}>{format.money(total.cash_collected)}</td>
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
  /* A phone reads cards, which never need to scroll sideways. */
  @media (max-width: ${tokens.smallScreen}) { overflow-x: visible; }
`;

const Table = styled.table`
  /* The containing block of the headers a phone hides, so they never widen the page. */
  position: relative;
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  th, td { padding: ${tokens.space(2)}; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; text-align: end; white-space: nowrap; }
  th:first-child { text-align: start; white-space: normal; }
  thead th { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 400; }
  tbody th { font-weight: 500; }
  tfoot th, tfoot td { font-weight: 600; border-bottom: none; border-top: 2px solid ${({ theme }) => theme.colors.border}; }
  td { font-variant-numeric: tabular-nums; }
  ${cardsOnPhone}
  /* On a phone the "All outlets" total is a card like the outlets' (cardsOnPhone leaves tfoot out),
     set apart by a thicker border and bold figures; values read from the start like their labels. */
  @media (max-width: ${tokens.smallScreen}) {
    th, td { text-align: start; white-space: normal; }
    tfoot, tfoot th { display: block; }
    tfoot tr { border-width: 2px; border-color: ${({ theme }) => theme.colors.textMuted}; margin-bottom: 0; }
    tfoot th, tfoot td { border-top: none; }
    tfoot th { padding: ${tokens.space(1)} ${tokens.space(3)}; grid-column: 1 / -1; overflow-wrap: anywhere; }
  }
`;
