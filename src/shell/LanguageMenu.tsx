import * as Popover from '@radix-ui/react-popover';
import { useState } from 'react';
import styled from 'styled-components';
import { usePreferences } from '../app/preferences/PreferencesContext';
import { LanguagePicker } from '../components/LanguagePicker';
import { languageName } from '../i18n/format';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';

/** The header's language button; hidden when the country has a single language. On small screens
 * the header shows only the globe, while the menu drawer (`labelled`) always names the language. */
export function LanguageMenu({ labelled = false }: { labelled?: boolean }) {
  const t = useT();
  const { locale, locales, setLocale } = usePreferences();
  const [open, setOpen] = useState(false);
  if (locales.length < 2) return null;
  // A choice is the end of the errand: the menu closes and focus goes back to its button.
  const choose = (next: string) => {
    setLocale(next);
    setOpen(false);
  };
  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger asChild>
        <Trigger type="button" aria-label={t('language.change', { language: languageName(locale) })}>
          <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M3 12h18M12 3c3 3.5 3 14.5 0 18M12 3c-3 3.5-3 14.5 0 18" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          <Label $always={labelled}>{languageName(locale)}</Label>
        </Trigger>
      </Popover.Trigger>
      <Popover.Portal>
        {/* Radix gives the popover role="dialog": it needs a name (axe aria-dialog-name). */}
        <Content align="end" sideOffset={8} aria-label={t('language.title')}>
          <LanguagePicker legend={t('language.title')} locales={locales} value={locale} onChange={choose} />
        </Content>
      </Popover.Portal>
    </Popover.Root>
  );
}

const Label = styled.span<{ $always: boolean }>`
  @media (max-width: ${tokens.smallScreen}) { display: ${({ $always }) => ($always ? 'inline' : 'none')}; }
`;

export const Trigger = styled.button`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(2)};
  min-height: 40px;
  padding: 0 ${tokens.space(3)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.pill};
  background: ${({ theme }) => theme.colors.surface};
  cursor: pointer;
  font-weight: 500;
  white-space: nowrap;
  flex: none;
`;

export const Content = styled(Popover.Content)`
  z-index: 50;
  min-width: 240px;
  padding: ${tokens.space(4)};
  border-radius: ${tokens.radius.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${tokens.shadow.popover};
`;
