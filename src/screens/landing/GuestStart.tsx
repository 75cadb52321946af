import { lazy, Suspense, useRef, useState } from 'react';
import styled from 'styled-components';
import { chunk } from '../../app/lazyChunks';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

// The dialog (Radix) and its form (the phone field and its metadata) load when the pointer or focus
// reaches the button, or on the click: the landing page's first JavaScript has neither.
const loadGuestDialog = chunk('guest-dialog', () => import('./GuestDialog'));
const GuestDialog = lazy(async () => ({ default: (await loadGuestDialog()).GuestDialog }));

/** 'Continue as guest' (guest checkout flag): the sender's name, email and phone start a guest session.
 * `label` renames the trigger, e.g. when the landing's 'Request a rider' starts the guest flow. */
export function GuestStart({ countryCode, label }: { countryCode: string; label?: string }) {
  const t = useT();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so Radix sees the dialog close like any other.
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const preload = () => void loadGuestDialog().then(({ loadGuestForm }) => loadGuestForm());

  return (
    <>
      <GuestButton
        ref={triggerRef}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        {label ?? t('landing.hero.guest')}
      </GuestButton>
      {wanted && (
        <Suspense fallback={null}>
          <GuestDialog countryCode={countryCode} open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      )}
    </>
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
