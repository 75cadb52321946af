import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/theme';
import { cardsOnPhone } from './cardsOnPhone';

/**
 * A table as wide as its card on a desktop, scrolling sideways inside the card between a phone and a
 * desktop, and a card per row on a phone (see `cardsOnPhone`: give each value cell a `data-label` with
 * its column's name, and the row's name a `<th scope="row">`). The scrolling is done by a wrapper,
 * because a table set to `display: block` to scroll shrinks to its content.
 */
export function DataTable({ children }: { children: ReactNode }) {
  return (
    <TableScroll>
      <Table>{children}</Table>
    </TableScroll>
  );
}

/** Focusable, so the keyboard can scroll it too (axe scrollable-region-focusable). */
const TableScroll = styled.div.attrs({ tabIndex: 0 })`
  overflow-x: auto;
  @media (max-width: ${tokens.smallScreen}) { overflow-x: visible; }
`;

const Table = styled.table`
  /* The containing block of the headers a phone hides, so they never widen the page (375 px, RTL). */
  position: relative;
  width: 100%;
  border-collapse: collapse;
  th, td { padding: ${tokens.space(2)}; text-align: start; vertical-align: top; border-bottom: 1px solid ${({ theme }) => theme.colors.border}; }
  ${cardsOnPhone}
`;
