import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef, type KeyboardEvent } from 'react';
import styled from 'styled-components';
import { useOpenHelpCentre } from '../app/helpCentre/HelpCentreContext';
import { provideHelpCentreMachine } from '../app/helpCentre/provideHelpCentreMachine';
import { useToasts } from '../app/toasts/ToastContext';
import { Button } from '../components/Button';
import { Notice } from '../components/Notice';
import { Spinner } from '../components/Spinner';
import { useT } from '../i18n/useT';
import { tokens } from '../theme/theme';
import { inspectOptions } from '../app/inspector';

/**
 * SPEC §2: the help centre as a floating round button that opens a widget with the help-centre
 * iframe and a close button. The machine renews the token while the widget is open (SPEC §7).
 */
export function HelpCentreWidget({ vendorId }: { vendorId: string }) {
  const t = useT();
  const openHelpCentre = useOpenHelpCentre();
  const { show } = useToasts();
  const machine = useMemo(() => provideHelpCentreMachine(openHelpCentre, show), [openHelpCentre, show]);
  const actor = useActorRef(machine, inspectOptions());
  const state = useSelector(actor, (snapshot) => (snapshot.matches('closed') ? 'closed' : snapshot.matches('failed') ? 'failed' : snapshot.matches('loading') ? 'loading' : 'open'));
  const url = useSelector(actor, (snapshot) => snapshot.context.url);
  const title = t('nav.help-centre');
  const isOpen = state !== 'closed';

  // Keyboard users land on the widget's Close button when it opens and back on the round button when
  // it closes (the button is a new element then, so focus would otherwise fall to the page).
  const roundButton = useRef<HTMLButtonElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  useEffect(() => {
    if (isOpen) {
      closeButton.current?.focus();
      returnFocus.current = true;
    } else if (returnFocus.current) {
      returnFocus.current = false;
      roundButton.current?.focus();
    }
  }, [isOpen]);
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    actor.send({ type: 'widget.closed' });
  };

  if (!isOpen) {
    return (
      <RoundButton ref={roundButton} type="button" aria-label={title} title={title} onClick={() => actor.send({ type: 'widget.opened', vendorId })}>
        <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true">
          <path
            d="M9.1 9a3 3 0 0 1 5.8 1c0 2-3 2.5-3 4.5M12 18h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
      </RoundButton>
    );
  }
  return (
    <Panel role="dialog" aria-label={title} onKeyDown={closeOnEscape}>
      <Header>
        <h2>{title}</h2>
        <CloseButton ref={closeButton} type="button" onClick={() => actor.send({ type: 'widget.closed' })}>
          {t('common.close')}
        </CloseButton>
      </Header>
      {state === 'loading' && (
        <Centre>
          <Spinner size={32} label={t('common.loading')} />
        </Centre>
      )}
      {state === 'failed' && (
        <Centre>
          <Notice kind="error">{t('help-center.failed')}</Notice>
          <Button variant="secondary" onClick={() => actor.send({ type: 'widget.retried' })}>
            {t('common.retry')}
          </Button>
        </Centre>
      )}
      {url && <Frame title={title} src={url} />}
    </Panel>
  );
}

// Bottom inline-end: the toasts own bottom inline-start (SPEC §2).
const RoundButton = styled.button`
  position: fixed;
  inset-block-end: ${tokens.space(5)};
  inset-inline-end: ${tokens.space(5)};
  z-index: 40;
  display: grid;
  place-items: center;
  width: 56px;
  height: 56px;
  border: 0;
  border-radius: ${tokens.radius.pill};
  color: ${({ theme }) => theme.colors.onPrimary};
  background: ${({ theme }) => theme.colors.primary};
  box-shadow: ${tokens.shadow.popover};
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.primaryHover}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Panel = styled.section`
  position: fixed;
  z-index: 40;
  inset: 0;
  display: flex;
  flex-direction: column;
  background: ${({ theme }) => theme.colors.surface};
  @media (min-width: ${tokens.smallScreen}) {
    inset: auto;
    inset-block-end: ${tokens.space(5)};
    inset-inline-end: ${tokens.space(5)};
    width: ${tokens.drawerWidth};
    height: min(640px, calc(100vh - 104px));
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${tokens.radius.lg};
    box-shadow: ${tokens.shadow.popover};
    overflow: hidden;
  }
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(3)};
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  h2 { font-size: 1.05rem; margin: 0; }
`;

const CloseButton = styled.button`
  min-height: 40px;
  padding: 0 ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
`;

const Centre = styled.div`
  display: grid;
  place-items: center;
  gap: ${tokens.space(4)};
  padding: ${tokens.space(10)} ${tokens.space(4)};
`;

const Frame = styled.iframe`
  flex: 1;
  width: 100%;
  border: 0;
`;
