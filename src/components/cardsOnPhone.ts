import { css } from 'styled-components';
import { tokens } from '../theme/theme';

/**
 * Turns a table into one card per row below `tokens.smallScreen`, so a phone reads each row top to
 * bottom instead of scrolling it sideways. The column headers stay in the DOM for screen readers but
 * leave the screen; each cell shows its column's name from its `data-label` beside its value; a row
 * header (`<th scope="row">`) becomes the card's title; a cell without `data-label` (a row's actions)
 * spans the card. The names share one column per card, as wide as the longest (at most 45 %), so the
 * values line up and keep the rest of a narrow card. Grid columns and `text-align: start` follow the
 * page's direction, so RTL needs nothing.
 */
export const cardsOnPhone = css`
  @media (max-width: ${tokens.smallScreen}) {
    thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
    tbody, tr, tbody th, td { display: block; }
    tr {
      display: grid;
      grid-template-columns: fit-content(45%) minmax(0, 1fr);
      column-gap: ${tokens.space(2)};
      margin-bottom: ${tokens.space(3)};
      border: 1px solid ${({ theme }) => theme.colors.border};
      border-radius: ${tokens.radius.md};
      padding: ${tokens.space(2)} 0;
      background: ${({ theme }) => theme.colors.surface};
    }
    tbody th, td { grid-column: 1 / -1; }
    tbody th {
      border-bottom: 0;
      padding: ${tokens.space(1)} ${tokens.space(3)};
      font-weight: 700;
      overflow-wrap: anywhere;
    }
    td {
      border-bottom: 0;
      padding: ${tokens.space(1)} ${tokens.space(3)};
      overflow-wrap: anywhere;
    }
    td[data-label] {
      display: grid;
      grid-template-columns: subgrid;
    }
    td[data-label] > * { justify-self: start; min-width: 0; }
    td[data-label]::before {
      content: attr(data-label);
      color: ${({ theme }) => theme.colors.textMuted};
      font-weight: 600;
    }
  }
`;
