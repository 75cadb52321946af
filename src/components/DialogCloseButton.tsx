import * as Dialog from '@radix-ui/react-dialog';
import styled from 'styled-components';
import { tokens } from '../theme/theme';

/** The ✕ in a dialog's header: closes it like Escape does, named for screen readers. */
export function DialogCloseButton({ label }: { label: string }) {
  return (
    <Dialog.Close asChild>
      <Round type="button" aria-label={label}>
        <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true">
          <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Round>
    </Dialog.Close>
  );
}

const Round = styled.button`
  flex: none;
  display: inline-grid;
  place-items: center;
  width: 40px;
  height: 40px;
  margin-inline-end: -${tokens.space(2)};
  border: 0;
  border-radius: ${tokens.radius.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.background}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.primary}; outline-offset: 2px; }
`;
