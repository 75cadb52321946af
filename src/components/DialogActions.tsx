import styled from 'styled-components';
import { tokens } from '../theme/theme';

/**
 * The button row at the foot of a dialog (DialogPanel): the dismissing action first, the confirming
 * one last, aligned to the end of the line and wrapping on narrow screens.
 */
export const DialogActions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  margin-top: ${tokens.space(6)};
`;
