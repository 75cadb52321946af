import styled from 'styled-components';
import { usePreferences } from '../../app/preferences/PreferencesContext';
import { formatNumber } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

/** The file being sent (0..1), then checked by the server once every byte is there. */
export function UploadProgress({ fileName, fraction }: { fileName: string; fraction: number }) {
  const t = useT();
  const { locale } = usePreferences();
  const sent = fraction >= 1;
  const percent = formatNumber(fraction, { locale }, { style: 'percent', maximumFractionDigits: 0 });
  return (
    <Box data-testid="bulk-upload-progress">
      <Name dir="auto">{fileName}</Name>
      <Bar
        role="progressbar"
        aria-label={t('bulk-order-upload.upload.progress-label')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(fraction * 100)}
        aria-valuetext={percent}
      >
        <Fill style={{ inlineSize: `${Math.round(fraction * 100)}%` }} />
      </Bar>
      <Status role="status">{sent ? t('bulk-order-upload.upload.checking') : t('bulk-order-upload.upload.sending', { percent })}</Status>
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  gap: ${tokens.space(2)};
  padding: ${tokens.space(6)} ${tokens.space(4)};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.lg};
  background: ${({ theme }) => theme.colors.background};
`;

const Name = styled.strong`
  overflow-wrap: anywhere;
`;

const Bar = styled.div`
  block-size: 10px;
  border-radius: ${tokens.radius.pill};
  background: ${({ theme }) => theme.colors.border};
  overflow: hidden;
`;

const Fill = styled.div`
  block-size: 100%;
  background: ${({ theme }) => theme.colors.primary};
  transition: inline-size 150ms ease;
`;

const Status = styled.span`
  color: ${({ theme }) => theme.colors.textMuted};
`;
