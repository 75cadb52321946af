import styled from 'styled-components';
import { useToasts } from '../../app/toasts/ToastContext';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { ToastItem } from './ToastItem';

/** Bottom-left notifications (mirrored to bottom-right in RTL). The list is always mounted so
 * screen readers already watch it when a toast arrives. */
export function ToastViewport() {
  const { toasts, dismiss } = useToasts();
  const t = useT();
  return (
    <Region aria-label={t('common.notifications')}>
      <List aria-live="polite">
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} onDismiss={dismiss} />
        ))}
      </List>
    </Region>
  );
}

const Region = styled.section`
  position: fixed;
  bottom: ${tokens.space(4)};
  inset-inline-start: ${tokens.space(4)};
  z-index: 60;
  width: min(400px, calc(100vw - 32px));
`;

const List = styled.ol`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(2)};
  margin: 0;
  padding: 0;
  list-style: none;
`;
