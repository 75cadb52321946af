import * as Dialog from '@radix-ui/react-dialog';
import styled from 'styled-components';
import { tokens } from '../theme/theme';

/**
 * The centred, scrollable panel of a Radix dialog: the dialogs (confirm, cancel, guest start,
 * collection point) share it and add only their own width, gutter and stacking layer; their buttons
 * sit in a DialogActions row.
 */
export const DialogPanel = styled(Dialog.Content)<{ $width: number; $gutter?: number; $layer?: number }>`
  position: fixed;
  z-index: ${({ $layer = 41 }) => $layer};
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(${({ $width }) => $width}px, calc(100vw - ${({ $gutter = 32 }) => $gutter}px));
  max-height: calc(100vh - ${({ $gutter = 32 }) => $gutter}px);
  overflow-y: auto;
  padding: ${tokens.space(6)};
  border-radius: ${tokens.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${tokens.shadow.popover};
`;
