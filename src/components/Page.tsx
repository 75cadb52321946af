import styled from 'styled-components';
import { tokens } from '../theme/theme';

/** Room below a page's content for the floating help button (56 px, 20 px off the edge) and a gap,
 * so scrolled to the end no row, column or chart label stays under it. */
export const FLOATING_BUTTON_ROOM = '104px';

/** The centred column every screen sits in. */
export const Page = styled.main<{ $narrow?: boolean }>`
  width: 100%;
  max-width: ${({ $narrow }) => ($narrow ? '480px' : '1200px')};
  margin: 0 auto;
  padding: ${tokens.space(6)} ${tokens.space(4)} ${FLOATING_BUTTON_ROOM};
  @media (min-width: ${tokens.desktop}) { padding: ${tokens.space(10)} ${tokens.space(8)} ${FLOATING_BUTTON_ROOM}; }
`;

export const PageTitle = styled.h1`
  font-size: clamp(1.5rem, 1.2rem + 1.2vw, 2rem);
  font-weight: 700;
  margin-bottom: ${tokens.space(4)};
`;

export const Card = styled.section`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(6)};
  box-shadow: ${tokens.shadow.card};
  @media (max-width: ${tokens.smallScreen}) { padding: ${tokens.space(4)}; }
`;
