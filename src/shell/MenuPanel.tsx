import * as Popover from '@radix-ui/react-popover';
import styled from 'styled-components';
import { tokens } from '../theme/theme';

/** The panel a header menu opens (language, account): a Radix popover's content. */
export const MenuPanel = styled(Popover.Content)`
  z-index: 50;
  min-width: 240px;
  padding: ${tokens.space(4)};
  border-radius: ${tokens.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${tokens.shadow.popover};
`;
