import { Link, useParams } from '@tanstack/react-router';
import { useMachine } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import styled from 'styled-components';
import { createSubmitMachine } from '../../../machines/submit';
import { useOpenHelpCentre } from '../../app/helpCentre/HelpCentreContext';
import { useToasts } from '../../app/toasts/ToastContext';
import { Button } from '../../components/Button';
import { Notice } from '../../components/Notice';
import { Spinner } from '../../components/Spinner';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { inspectOptions } from '../../app/inspector';

/** /helpcenter/{vendorID}: the help-centre widget in a frame, with a close button (SPEC §2). */
export function HelpCentreScreen() {
  const t = useT();
  const { vendorID } = useParams({ from: '/private/helpcenter/$vendorID' });
  const openHelpCentre = useOpenHelpCentre();
  const { show } = useToasts();
  const machine = useMemo(
    () =>
      createSubmitMachine(async (vendorId: string) => {
        try {
          return await openHelpCentre(vendorId);
        } catch (error) {
          show({ kind: 'error', message: 'help-center.failed' });
          throw error;
        }
      }, 'help-center.failed'),
    [openHelpCentre, show],
  );
  const [snapshot, send] = useMachine(machine, inspectOptions());

  useEffect(() => {
    send({ type: 'submit', input: vendorID });
  }, [send, vendorID]);

  const result = snapshot.context.result;
  const url = snapshot.matches('succeeded') && typeof result === 'string' ? result : undefined;
  return (
    <Panel aria-labelledby="help-centre-title">
      <Header>
        <h1 id="help-centre-title">{t('nav.help-centre')}</h1>
        <CloseLink to={`/request-a-rider/${encodeURIComponent(vendorID)}`}>
          {t('common.close')}
        </CloseLink>
      </Header>
      {snapshot.matches('submitting') && (
        <Centre>
          <Spinner size={32} label={t('common.loading')} />
        </Centre>
      )}
      {snapshot.matches('idle') && snapshot.context.error && (
        <Centre>
          <Notice kind="error">{t('help-center.failed')}</Notice>
          <Button variant="secondary" onClick={() => send({ type: 'submit', input: vendorID })}>
            {t('common.retry')}
          </Button>
        </Centre>
      )}
      {url && <Frame title={t('nav.help-centre')} src={url} />}
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;
  flex-direction: column;
  height: calc(100vh - 64px);
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  h1 { font-size: 1.15rem; margin: 0; }
`;

const CloseLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: 40px;
  padding: 0 ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
  text-decoration: none;
  font-weight: 600;
`;

const Centre = styled.div`
  display: grid;
  place-items: center;
  gap: ${tokens.space(4)};
  padding: ${tokens.space(10)};
`;

const Frame = styled.iframe`
  flex: 1;
  width: 100%;
  border: 0;
  background: ${({ theme }) => theme.colors.surface};
`;
