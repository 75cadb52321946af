import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { ProofDownloadRequest } from '../../../machines/proofDownload';
import { Button } from '../Button';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useProofDownload } from './useProofDownload';

interface Props {
  /** The archive the button asks for; null while it cannot be asked for (a refused custom range). */
  request: ProofDownloadRequest | null;
  label: string;
}

/** Downloads a proof archive (one order's, or a period's) as a ZIP; busy while the server sends it,
 * and the server's reason with "Try again" when it fails. */
export function ProofsDownloadButton({ request, label }: Props) {
  const t = useT();
  const message = useMessage();
  const actor = useProofDownload();
  const downloading = useSelector(actor, (snapshot) => snapshot.matches('downloading'));
  const error = useSelector(actor, (snapshot) => (snapshot.matches('failed') ? snapshot.context.error : null));
  return (
    <Wrapper>
      <Button variant="secondary" onClick={() => request && actor.send({ type: 'download.requested', request })} disabled={!request} loading={downloading}>
        {label}
      </Button>
      {error !== null && (
        <Failure role="alert">
          <span>{t('proofs.download.failed')} {message(error)}</span>
          <Button variant="ghost" onClick={() => actor.send({ type: 'retry.requested' })}>{t('common.retry')}</Button>
        </Failure>
      )}
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(2)};
`;

const Failure = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(2)};
  padding-inline-start: ${tokens.space(3)};
  border-inline-start: 4px solid ${({ theme }) => theme.colors.error};
  font-size: 0.9rem;
`;
