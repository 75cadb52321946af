import { useSelector } from '@xstate/react';
import { useState } from 'react';
import styled from 'styled-components';
import type { ActorRefFrom } from 'xstate';
import type { ExportFormat, ExportOrdersBody } from '../../../adapters/ports';
import { Button } from '../../components/Button';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import type { exportMachine } from '../../../machines/exportMachine';

const FORMATS: readonly ExportFormat[] = ['csv', 'xlsx'];

interface Props {
  actor: ActorRefFrom<typeof exportMachine>;
  /** The list's current period and filters; null while the custom range is refused. */
  request: Omit<ExportOrdersBody, 'format' | 'delivery'> | null;
  /** A guest has no account mailbox to send the report to. */
  canEmail: boolean;
}

/** Export the filtered period as CSV or XLSX, downloaded now or e-mailed as a report. */
export function ExportPanel({ actor, request, canEmail }: Props) {
  const t = useT();
  const [format, setFormat] = useState<ExportFormat>('xlsx');
  const exporting = useSelector(actor, (snapshot) => snapshot.matches('exporting'));
  const canExport = useSelector(actor, (snapshot) => snapshot.can({ type: 'export.requested', body: {} as ExportOrdersBody }));
  const send = (delivery: ExportOrdersBody['delivery']) => {
    if (request) actor.send({ type: 'export.requested', body: { ...request, format, delivery } });
  };
  return (
    <Panel aria-label={t('history.export.title')}>
      <Formats role="radiogroup" aria-labelledby="export-format-label">
        <span id="export-format-label">{t('history.export.format')}</span>
        {FORMATS.map((value) => (
          <label key={value}>
            <input type="radio" name="export-format" value={value} checked={format === value} onChange={() => setFormat(value)} />
            <span>{t(`history.export.${value}`)}</span>
          </label>
        ))}
      </Formats>
      <Button variant="secondary" onClick={() => send('download')} disabled={!request || !canExport} loading={exporting}>
        {t('history.export.download')}
      </Button>
      {canEmail && (
        <Button variant="ghost" onClick={() => send('email')} disabled={!request || !canExport}>
          {t('history.export.email')}
        </Button>
      )}
    </Panel>
  );
}

const Panel = styled.section`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(3)};
`;

const Formats = styled.div`
  display: flex;
  align-items: center;
  gap: ${tokens.space(3)};
  > span { font-weight: 600; font-size: 0.9rem; }
  label { display: inline-flex; align-items: center; gap: ${tokens.space(1)}; min-height: 44px; cursor: pointer; }
`;
