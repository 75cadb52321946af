import * as Dialog from '@radix-ui/react-dialog';
import styled from 'styled-components';
import { tokens } from '../theme/theme';
import { Button } from './Button';
import { DialogActions } from './DialogActions';
import { DialogPanel } from './DialogPanel';
import { useReturnFocus } from './useReturnFocus';

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
  const returnFocus = useReturnFocus(open);
  return (
    <Dialog.Root open={open} onOpenChange={(next) => !next && !loading && onCancel()}>
      <Dialog.Portal>
        <Overlay />
        <Content $width={440} onCloseAutoFocus={returnFocus} onEscapeKeyDown={(event) => loading && event.preventDefault()}>
          <Dialog.Title>{title}</Dialog.Title>
          {description ? <Dialog.Description>{description}</Dialog.Description> : <Dialog.Description className="visually-hidden">{title}</Dialog.Description>}
          <DialogActions>
            <Button variant="secondary" onClick={onCancel} disabled={loading}>
              {cancelLabel}
            </Button>
            <Button variant={destructive ? 'danger' : 'primary'} onClick={onSubmit} loading={loading}>
              {submitLabel}
            </Button>
          </DialogActions>
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

const Content = styled(DialogPanel)`
  h2 { font-size: 1.2rem; margin: 0 0 ${tokens.space(2)}; }
  p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;
