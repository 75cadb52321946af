import { useRef, useState, type DragEvent } from 'react';
import styled from 'styled-components';
import { LIMITS, XLSX_MIME_TYPE } from '../../../domain';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

interface Props {
  disabled: boolean;
  /** The client check's message key for the last file refused, shown under the zone. */
  errorKey: string | null;
  onFile: (file: File) => void;
}

/**
 * The file picker: a button (so the keyboard reaches it) that opens the system picker, and a drop
 * target for a file dragged from the desktop. The checks themselves are the machine's (domain
 * validateBulkFile); this only hands over the first file.
 */
export function FileDropZone({ disabled, errorKey, onFile }: Props) {
  const t = useT();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const maxMegabytes = LIMITS.bulkFileMaxBytes / (1024 * 1024);

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file && !disabled) onFile(file);
  };

  return (
    <div>
      <Zone
        type="button"
        data-testid="bulk-drop-zone"
        $dragging={dragging}
        $invalid={errorKey !== null}
        disabled={disabled}
        aria-describedby="bulk-file-rules bulk-file-error"
        onClick={() => input.current?.click()}
        onDragEnter={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragOver={(event) => event.preventDefault()}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <svg width="40" height="40" viewBox="0 0 40 40" aria-hidden="true">
          <path d="M20 27V9m0 0-7 7m7-7 7 7" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
          <path d="M8 25v6h24v-6" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <strong>{t(dragging ? 'bulk-order-upload.drop.release' : 'bulk-order-upload.drop.choose')}</strong>
        <span id="bulk-file-rules">{t('bulk-order-upload.drop.rules', { size: maxMegabytes })}</span>
      </Zone>
      <input
        ref={input}
        type="file"
        hidden
        data-testid="bulk-file-input"
        accept={`${LIMITS.bulkFileExtension},${XLSX_MIME_TYPE}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared so that choosing the same file again (after fixing it) fires a change.
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
      <FileError id="bulk-file-error" role="alert">
        {errorKey ? t(errorKey) : null}
      </FileError>
    </div>
  );
}

const Zone = styled.button<{ $dragging: boolean; $invalid: boolean }>`
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${tokens.space(2)};
  width: 100%;
  min-height: 180px;
  padding: ${tokens.space(6)} ${tokens.space(4)};
  border: 2px dashed ${({ theme, $dragging, $invalid }) => ($invalid ? theme.colors.error : $dragging ? theme.colors.primary : theme.colors.border)};
  border-radius: ${tokens.radius.lg};
  background: ${({ theme, $dragging }) => ($dragging ? theme.colors.primarySoft : theme.colors.background)};
  color: ${({ theme }) => theme.colors.text};
  text-align: center;
  cursor: pointer;
  svg { color: ${({ theme }) => theme.colors.primaryOnSurface}; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: 0.9rem; }
  &:hover:not(:disabled) { border-color: ${({ theme }) => theme.colors.primary}; }
  &:disabled { opacity: 0.6; cursor: not-allowed; }
`;

const FileError = styled.div`
  min-height: 1.5em;
  margin: ${tokens.space(2)} 0 0;
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;
