// The parts the API keys and the Webhooks sections share: a secret shown once, a list's loading,
// failed and empty states, and the confirmation before removing an item (revoke a key, delete an
// endpoint). Each section keeps its own texts and its own machine.
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Notice } from '../../components/Notice';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

/** A secret the server shows once (an API key, a signing secret): selectable, until dismissed. */
export function ShownOnceSecret({ title, label, value, testId, dismissLabel, onDismiss }: {
  title?: ReactNode; label: string; value: string; testId: string; dismissLabel: string; onDismiss: () => void;
}) {
  const t = useT();
  return (
    <Notice kind="success">
      <Stack>
        {title && <strong>{title}</strong>}
        <span>{t('developers.keys.shown-once')}</span>
        <SecretText readOnly value={value} aria-label={label} data-testid={testId} onFocus={(e) => e.currentTarget.select()} />
        <div>
          <Button variant="secondary" onClick={onDismiss}>{dismissLabel}</Button>
        </div>
      </Stack>
    </Notice>
  );
}

/** What a list shows instead of its rows: loading, a failed load with retry, or nothing yet. */
export function ListStatus({ loading, failed, empty, failedText, emptyText, onRetry }: {
  loading: boolean; failed: boolean; empty: boolean; failedText: string; emptyText: string; onRetry: () => void;
}) {
  const t = useT();
  if (loading) return <p>{t('common.loading')}</p>;
  if (failed) {
    return (
      <Notice kind="error">
        {failedText}{' '}
        <Button variant="secondary" onClick={onRetry}>{t('common.retry')}</Button>
      </Notice>
    );
  }
  return empty ? <p>{emptyText}</p> : null;
}

/** Asks before removing `target`; `onConfirm` gets it, and the dialog closes either way. */
export function ConfirmRemoval<T>({ target, title, description, submitLabel, loading, onConfirm, onClose }: {
  target: T | null; title: string; description: string; submitLabel: string; loading: boolean; onConfirm: (target: T) => void; onClose: () => void;
}) {
  const t = useT();
  return (
    <ConfirmDialog
      open={target !== null}
      title={title}
      description={description}
      cancelLabel={t('common.cancel')}
      submitLabel={submitLabel}
      destructive
      loading={loading}
      onCancel={onClose}
      onSubmit={() => {
        if (target !== null) onConfirm(target);
        onClose();
      }}
    />
  );
}

export const Stack = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  margin-bottom: ${tokens.space(4)};
`;

const SecretText = styled.input`
  font-family: ui-monospace, monospace;
  direction: ltr;
  width: 100%;
  padding: ${tokens.space(2)};
`;
