import { useIntl } from 'react-intl';
import styled from 'styled-components';
import { tokens } from '../theme/theme';

/** SPEC §2: the app failed to load. Shown even without a catalogue, so it carries English defaults;
 * closing it reloads the app (the caller provides the reload). */
export function FullScreenError({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const message = intl.formatMessage({
    id: 'error.app-load-failed',
    defaultMessage: 'Could not load the application. Please check your internet connection and try again',
  });
  const close = intl.formatMessage({ id: 'common.close', defaultMessage: 'Close' });
  return (
    <Backdrop>
      <Snackbar role="alert">
        <span>{message}</span>
        <button type="button" onClick={onClose} aria-label={close}>
          {close}
        </button>
      </Snackbar>
    </Backdrop>
  );
}

const Backdrop = styled.div`
  position: fixed;
  inset: 0;
  display: flex;
  align-items: flex-end;
  justify-content: center;
  padding: ${tokens.space(6)};
  background: ${({ theme }) => theme.colors.background};
  z-index: 100;
`;

const Snackbar = styled.div`
  display: flex;
  align-items: center;
  gap: ${tokens.space(4)};
  max-width: 640px;
  padding: ${tokens.space(4)} ${tokens.space(5)};
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.text};
  color: ${({ theme }) => theme.colors.surface};
  box-shadow: ${tokens.shadow.popover};
  button {
    flex: none;
    min-height: 40px;
    padding: 0 ${tokens.space(4)};
    border: 1px solid rgba(255, 255, 255, 0.6);
    border-radius: ${tokens.radius.md};
    background: transparent;
    color: inherit;
    font-weight: 600;
    cursor: pointer;
  }
`;
