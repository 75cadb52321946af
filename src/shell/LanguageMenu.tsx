import { lazy, Suspense, useId, useRef, useState } from 'react';
import styled from 'styled-components';
import { chunk } from '../app/lazyChunks';
import { usePreferences } from '../app/preferences/PreferencesContext';
import { languageName } from '../i18n/format';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';
import { MenuTrigger } from './MenuTrigger';

// Every public page shows this button, but few visitors open it: the popover (Radix and its
// positioning code) loads when the pointer or focus reaches the button, or on the first click.
const loadPopover = chunk('language-menu', () => import('./LanguageMenuPopover'));
const LanguageMenuPopover = lazy(async () => ({ default: (await loadPopover()).LanguageMenuPopover }));

/** The header's language button; hidden when the country has a single language. On small screens
 * the header shows only the globe, while the menu drawer (`labelled`) always names the language. */
export function LanguageMenu({ labelled = false }: { labelled?: boolean }) {
  const t = useT();
  const { locale, locales, setLocale } = usePreferences();
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so Radix sees the popover close (and returns focus) like any other.
  const [wanted, setWanted] = useState(false);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const contentId = useId();
  if (locales.length < 2) return null;
  const preload = () => void loadPopover();
  // A choice is the end of the errand: the menu closes and focus goes back to its button.
  const choose = (next: string) => {
    setLocale(next);
    setOpen(false);
  };
  return (
    <>
      <MenuTrigger
        ref={triggerRef}
        type="button"
        aria-label={t('language.change', { language: languageName(locale) })}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? contentId : undefined}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWanted(true);
          setOpen((current) => !current);
        }}
      >
        <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
          <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
          <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" fill="none" stroke="currentColor" strokeWidth="2" />
        </svg>
        <Label $always={labelled}>{languageName(locale)}</Label>
      </MenuTrigger>
      {wanted && (
        <Suspense fallback={null}>
          <LanguageMenuPopover triggerRef={triggerRef} contentId={contentId} open={open} onOpenChange={setOpen} locales={locales} locale={locale} onChoose={choose} />
        </Suspense>
      )}
    </>
  );
}

const Label = styled.span<{ $always: boolean }>`
  @media (max-width: ${tokens.smallScreen}) { display: ${({ $always }) => ($always ? 'inline' : 'none')}; }
`;
