import * as Dialog from '@radix-ui/react-dialog';
import { lazy, Suspense, useState } from 'react';
import styled from 'styled-components';
import { chunk } from '../../app/lazyChunks';
import { Overlay } from '../../components/ConfirmDialog';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { DialogCloseButton } from '../../components/DialogCloseButton';
import { DialogPanel } from '../../components/DialogPanel';

// The form comes with the phone field and its metadata: loaded when the dialog opens (through the
// app-load machine's retries, like the lazy screens), or earlier when the pointer or focus reaches
// the button.
const loadGuestForm = chunk('guest-form', () => import('./GuestForm'));
const GuestForm = lazy(async () => ({ default: (await loadGuestForm()).GuestForm }));

/** 'Continue as guest' (guest checkout flag): the sender's name, email and phone start a guest session.
 * `label` renames the trigger, e.g. when the landing's 'Request a rider' starts the guest flow. */
export function GuestStart({ countryCode, label }: { countryCode: string; label?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  const preload = () => void loadGuestForm();

  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger asChild>
        <GuestButton type="button" onPointerEnter={preload} onFocus={preload}>{label ?? t('landing.hero.guest')}</GuestButton>
      </Dialog.Trigger>
      <Dialog.Portal>
        <Overlay />
        <Content $width={480}>
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

const GuestButton = styled.button`
  min-height: 48px;
  padding: 0 ${tokens.space(6)};
  border-radius: ${tokens.radius.pill};
  border: 2px solid currentColor;
  background: transparent;
  color: inherit;
  font-weight: 700;
  cursor: pointer;
`;

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
