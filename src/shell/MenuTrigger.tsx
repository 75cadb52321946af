import styled from 'styled-components';
import { tokens } from '../theme/theme';

/** The round header button that opens a menu (language, account). */
export const MenuTrigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(2)};
  min-height: 40px;
  padding: 0 ${tokens.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.pill};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  font-weight: 500;
  white-space: nowrap;
  flex: none;
`;
