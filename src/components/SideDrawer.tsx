import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '../theme/theme';
import { Overlay } from './ConfirmDialog';
import { useReturnFocus } from './useReturnFocus';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
}

/** A modal panel from the inline end: right in LTR, left in RTL (SPEC §2); 384 px, full width under 600 px. */
export function SideDrawer({ open, onOpenChange, title, closeLabel, children }: Props) {
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Overlay />
        <Panel aria-describedby={undefined} onCloseAutoFocus={returnFocus}>
          <Header>
            <Dialog.Title>{title}</Dialog.Title>
            <Dialog.Close asChild>
              <CloseButton aria-label={closeLabel}>
                <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
                  <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                </svg>
              </CloseButton>
            </Dialog.Close>
          </Header>
          <Body>{children}</Body>
        </Panel>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Panel = styled(Dialog.Content)`
  position: fixed;
  z-index: 41;
  top: 0;
  bottom: 0;
  inset-inline-end: 0;
  width: ${tokens.drawerWidth};
  max-width: 100vw;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${tokens.shadow.popover};
  @media (max-width: ${tokens.smallScreen}) { width: 100vw; }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${tokens.space(4)} ${tokens.space(5)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { margin: 0; font-size: 1.1rem; }
`;

const CloseButton = styled.button`
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  border: 0;
  border-radius: ${tokens.radius.pill};
  background: transparent;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.background}; }
`;

const Body = styled.div`
  flex: 1;
  overflow-y: auto;
  padding: ${tokens.space(4)} ${tokens.space(5)};
`;
