import styled from 'styled-components';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { useMessage } from '../../i18n/useMessage';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';

interface Props {
  owners: readonly string[];
  errors: Readonly<Record<string, string | undefined>>;
  onChange: (index: number, value: string) => void;
  onAdd: () => void;
  onRemove: (index: number) => void;
}

/** Owner emails (optional, SPEC §2): add and remove rows; each filled row must look like an email. */
export function OwnerEmails({ owners, errors, onChange, onAdd, onRemove }: Props) {
  const t = useT();
  const message = useMessage();
  return (
    <Group>
      <Legend>{t('collection-point.owners')}</Legend>
      {owners.map((owner, index) => {
        const error = errors[`owners.${index}`];
        return (
          <Row key={index}>
            <TextField
              label={t('collection-point.owner', { number: index + 1 })}
              type="email"
              dir="ltr"
              autoComplete="off"
              value={owner}
              onValueChange={(value) => onChange(index, value)}
              error={error ? message(error) : null}
            />
            <Button variant="ghost" aria-label={t('collection-point.owner-remove', { number: index + 1 })} onClick={() => onRemove(index)}>
              ✕
            </Button>
          </Row>
        );
      })}
      <Button variant="secondary" onClick={onAdd}>
        {t('collection-point.owner-add')}
      </Button>
    </Group>
  );
}

const Group = styled.fieldset`
  border: 0;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  align-items: flex-start;
  gap: ${tokens.space(2)};
  > div { align-self: stretch; }
`;

const Legend = styled.legend`
  font-weight: 600;
  font-size: 0.9rem;
  margin-bottom: ${tokens.space(2)};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: end;
  gap: ${tokens.space(2)};
`;
