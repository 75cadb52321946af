import styled from 'styled-components';
import { tokens } from '../../theme/theme';

export interface BarRow {
  key: string;
  label: string;
  value: number;
}

interface Props {
  caption: string;
  labelHeading: string;
  valueHeading: string;
  rows: readonly BarRow[];
  formatValue: (value: number) => string;
}

/**
 * A horizontal bar chart that is its own data table: each row's label, its bar (one brand hue, so
 * no pair of colours has to be told apart) and its number as text. Screen readers and keyboard
 * users read the table; nothing in it needs a pointer.
 */
export function BarTable({ caption, labelHeading, valueHeading, rows, formatValue }: Props) {
  const highest = Math.max(1, ...rows.map((row) => row.value));
  return (
    <Table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{labelHeading}</th>
          <th scope="col">{valueHeading}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} data-row={row.key}>
            <th scope="row">
              <span>{row.label}</span>
              <Bar aria-hidden="true" style={{ inlineSize: `${(row.value / highest) * 100}%` }} />
            </th>
            <td>{formatValue(row.value)}</td>
          </tr>
        ))}
      </tbody>
    </Table>
  );
}

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.875rem;
  caption { text-align: start; font-weight: 600; padding-block-end: ${tokens.space(1)}; }
  thead th { text-align: start; color: ${({ theme }) => theme.colors.textMuted}; font-weight: 400; }
  thead th:last-child, td { text-align: end; }
  th, td { padding: ${tokens.space(1)} 0; vertical-align: bottom; }
  tbody th { font-weight: 400; text-align: start; display: flex; flex-direction: column; align-items: stretch; gap: 2px; overflow-wrap: anywhere; }
  td { padding-inline-start: ${tokens.space(3)}; white-space: nowrap; font-variant-numeric: tabular-nums; }
`;

const Bar = styled.span`
  display: block;
  min-inline-size: 2px;
  block-size: 8px;
  border-radius: 4px;
  background: ${({ theme }) => theme.colors.primary};
`;
