import * as Popover from '@radix-ui/react-popover';
import type { RefObject } from 'react';
import { LanguagePicker } from '../components/LanguagePicker';
import { useT } from '../i18n/useT';
import { MenuPanel } from './MenuPanel';

interface Props {
  /** The header's button: the popover sits under it and gives focus back to it. */
  triggerRef: RefObject<HTMLButtonElement | null>;
  contentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  locales: readonly string[];
  locale: string;
  onChoose: (locale: string) => void;
}

/**
 * The language menu's popover, loaded the first time the menu is wanted (LanguageMenu.tsx): Radix and
 * its positioning code stay out of the first page's JavaScript. The button lives outside Radix, so the
 * popover is anchored to it and hands focus back to it itself.
 */
export function LanguageMenuPopover({ triggerRef, contentId, open, onOpenChange, locales, locale, onChoose }: Props) {
  const t = useT();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Anchor virtualRef={triggerRef as RefObject<HTMLButtonElement>} />
      <Popover.Portal>
        {/* Radix gives the popover role="dialog": it needs a name (axe aria-dialog-name). */}
        <MenuPanel
          id={contentId}
          align="end"
          sideOffset={8}
          aria-label={t('language.title')}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            // Radix runs this in a timeout after the panel unmounts: a press that reopened the menu
            // meanwhile (a quick double press, a busy page) has focused the new panel, which keeps it.
            if (!document.getElementById(contentId)?.contains(document.activeElement)) triggerRef.current?.focus();
          }}
        >
          <LanguagePicker legend={t('language.title')} locales={locales} value={locale} onChange={onChoose} />
        </MenuPanel>
      </Popover.Portal>
    </Popover.Root>
  );
}
