import { useSelector } from '@xstate/react';
import styled from 'styled-components';
import type { BulkFile } from '../../../machines/bulkJob';
import { Card } from '../../components/Page';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { FileDropZone } from './FileDropZone';
import { TemplateDownloadButton } from './TemplateDownloadButton';
import { UploadProgress } from './UploadProgress';
import type { BulkJobActor } from './useBulkJobActor';

/** Any file: whether one is accepted is the machine's check; here it only asks if choosing is open. */
const ANY_FILE: BulkFile = { name: '', size: 0, type: '', content: new Blob() };

/** ASK_EXCEL_FILE and UPLOADING_EXCEL_FILE: the template, the file picker, then the upload's progress. */
export function UploadPanel({ actor }: { actor: BulkJobActor }) {
  const t = useT();
  const uploading = useSelector(actor, (snapshot) => snapshot.matches({ flow: 'UPLOADING_EXCEL_FILE' }));
  const fileName = useSelector(actor, (snapshot) => snapshot.context.file?.name ?? '');
  const progress = useSelector(actor, (snapshot) => snapshot.context.uploadProgress);
  const fileError = useSelector(actor, (snapshot) => snapshot.context.fileError);
  const canChoose = useSelector(actor, (snapshot) => snapshot.can({ type: 'file.selected', file: ANY_FILE }));

  return (
    <Card as="section" aria-labelledby="bulk-upload-title">
      <Steps>
        <li>
          <h2 id="bulk-template-title">{t('bulk-order-upload.step.template.title')}</h2>
          <p>{t('bulk-order-upload.step.template.description')}</p>
          <TemplateDownloadButton actor={actor} />
        </li>
        <li>
          <h2 id="bulk-upload-title">{t('bulk-order-upload.step.upload.title')}</h2>
          <p>{t('bulk-order-upload.step.upload.description')}</p>
          {uploading ? (
            <UploadProgress fileName={fileName} fraction={progress} />
          ) : (
            <FileDropZone
              disabled={!canChoose}
              errorKey={fileError}
              onFile={(file) => actor.send({ type: 'file.selected', file: { name: file.name, size: file.size, type: file.type, content: file } })}
            />
          )}
        </li>
      </Steps>
    </Card>
  );
}

const Steps = styled.ol`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space(6)};
  h2 { font-size: 1.1rem; margin: 0 0 ${tokens.space(1)}; }
  p { margin: 0 0 ${tokens.space(3)}; color: ${({ theme }) => theme.colors.textMuted}; }
`;
