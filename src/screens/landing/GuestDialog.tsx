import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense, type RefObject } from 'react';
import styled from 'styled-components';
import { chunk } from '../../app/lazyChunks';
import { Overlay } from '../../components/ConfirmDialog';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { DialogPanel } from '../../components/DialogPanel';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

// The form comes with the phone field and its metadata: loaded when the dialog opens (through the
// app-load machine's retries, like the lazy screens), or earlier when the pointer or focus reaches
// the button (GuestStart.tsx).
export const loadGuestForm = chunk('guest-form', () => import('./GuestForm'));
const GuestForm = lazy(async () => ({ default: (await loadGuestForm()).GuestForm }));

interface Props {
  countryCode: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The landing's button that opened the dialog: focus goes back to it on close. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}

/** The guest dialog: the sender's name, email and phone start a guest session. Loaded with Radix the
 * first time the landing's guest button is wanted, so neither is in the landing's first JavaScript. */
export function GuestDialog({ countryCode, open, onOpenChange, triggerRef }: Props) {
  const t = useT();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Overlay />
        <Content
          $width={480}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <Header>
            <Dialog.Title>{t('guest.title')}</Dialog.Title>
            <DialogCloseButton label={t('common.close')} />
          </Header>
          <Dialog.Description>{t('guest.intro')}</Dialog.Description>
          <Suspense fallback={<Spinner size={32} label={t('common.loading')} />}>
            <GuestForm countryCode={countryCode} />
          </Suspense>
        </Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

const Header = styled.div`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${tokens.space(2)};
  margin-bottom: ${tokens.space(2)};
`;

const Content = styled(DialogPanel)`
  h2 { font-size: 1.25rem; margin: 0; padding-top: ${tokens.space(2)}; }
  > p { margin: 0 0 ${tokens.space(4)}; color: ${({ theme }) => theme.colors.textMuted}; }
`;
