import * as Dialog from '@radix-ui/react-dialog';
import styled from 'styled-components';
import { tokens } from '../theme/theme';
import { Button } from './Button';

interface Props {
  open: boolean;
  title: string;
  description?: string;
  cancelLabel: string;
  submitLabel: string;
  /** While the confirmed action runs: the submit button spins and the dialog cannot be dismissed. */
  loading?: boolean;
  destructive?: boolean;
  onCancel: () => void;
  onSubmit: () => void;
}

export function ConfirmDialog({ open, title, description, cancelLabel, submitLabel, loading = false, destructive = false, onCancel, onSubmit }: Props) {
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !loading && onCancel()}>
      <Dialog.Portal>
        <Overlay />
        <Content onEscapeKeyDown={(event) => loading && event.preventDefault()}>
          <Dialog.Title>{title}</Dialog.Title>
          {description ? <Dialog.Description>{description}</Dialog.Description> : <Dialog.Description className="visually-hidden">{title}</Dialog.Description>}
          <Actions>
            <Button variant="secondary" onClick={onCancel} disabled={loading}>
              {cancelLabel}
            </Button>
            <Button variant={destructive ? 'danger' : 'primary'} onClick={onSubmit} loading={loading}>
              {submitLabel}
            </Button>
          </Actions>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export const Overlay = styled(Dialog.Overlay)`
  position: fixed;
  inset: 0;
  background: rgba(16, 24, 40, 0.45);
  z-index: 40;
`;

const Content = styled(Dialog.Content)`
  position: fixed;
  z-index: 41;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  width: min(440px, calc(100vw - 32px));
  padding: ${tokens.space(6)};
  border-radius: ${tokens.radius.lg};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${tokens.shadow.popover};
  h2 { font-size: 1.2rem; margin: 0 0 ${tokens.space(2)}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Actions = styled.div`
  display: flex;
  justify-content: flex-end;
  flex-wrap: wrap;
  gap: ${tokens.space(2)};
  margin-top: ${tokens.space(6)};
`;
