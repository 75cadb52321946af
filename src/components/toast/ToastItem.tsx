import { useMachine } from '@xstate/react';
import { useEffect } from 'react';
import styled from 'styled-components';
import type { Toast } from '../../app/toasts/toastQueue';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { toastTimerMachine } from '../../../machines/toastTimer';
import { inspectOptions } from '../../app/inspector';

export function ToastItem({ toast, onDismiss }: { toast: Toast; onDismiss: (id: string) => void }) {
  const t = useT();
  const message = useMessage();
  const text = message(toast.message, toast.values);
  const [snapshot, send] = useMachine(toastTimerMachine, { ...inspectOptions(), input: { durationMs: toast.durationMs } });
  const expired = snapshot.status === 'done';
  useEffect(() => {
    if (expired) onDismiss(toast.id);
  }, [expired, onDismiss, toast.id]);

  return (
    <Item
      role={toast.kind === 'error' ? 'alert' : 'status'}
      $kind={toast.kind}
      onMouseEnter={() => send({ type: 'pause' })}
      onMouseLeave={() => send({ type: 'resume' })}
      onFocus={() => send({ type: 'pause' })}
      onBlur={() => send({ type: 'resume' })}
    >
      <span>{text}</span>
      <Close type="button" aria-label={t('common.close')} onClick={() => send({ type: 'close' })}>
        <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </Close>
    </Item>
  );
}

const Item = styled.li<{ $kind: Toast['kind'] }>`
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space(3)};
  padding: ${tokens.space(3)} ${tokens.space(4)};
  border-radius: ${tokens.radius.md};
  color: #ffffff;
  background: ${({ $kind, theme }) => theme.colors[$kind]};
  box-shadow: ${tokens.shadow.popover};
  span { flex: 1; }
`;

const Close = styled.button`
  display: inline-grid;
  place-items: center;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: ${tokens.radius.pill};
  background: transparent;
  color: inherit;
  cursor: pointer;
  &:hover { background: rgba(255, 255, 255, 0.2); }
`;
