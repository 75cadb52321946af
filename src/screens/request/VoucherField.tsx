import { useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button } from '../../components/Button';
import { TextField } from '../../components/TextField';
import { formatMoney } from '../../i18n/format';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { useRequestFlow } from './RequestFlowContext';
import { useRequestTag } from './useRequestTag';

/** One voucher at a time (SPEC §4): a new code replaces the applied one; the discount shows at once. */
export function VoucherField() {
  const t = useT();
  const { actor, locale, currency } = useRequestFlow();
  const voucher = useSelector(actor, (snapshot) => snapshot.context.voucher);
  const voucherError = useSelector(actor, (snapshot) => snapshot.context.voucherError);
  const applying = useRequestTag('applyingVoucher');
  const canApply = useSelector(actor, (snapshot) => snapshot.can({ type: 'voucher.submitted', code: 'x' }));
  const [code, setCode] = useState('');

  const apply = (event: FormEvent) => {
    event.preventDefault();
    if (code.trim() !== '') actor.send({ type: 'voucher.submitted', code: code.trim() });
  };

  return (
    <Form onSubmit={apply} noValidate aria-label={t('request.voucher.title')}>
      <Row>
        <TextField
          label={t('request.voucher.code')}
          value={code}
          onValueChange={(value) => setCode(value.toUpperCase())}
          autoComplete="off"
          dir="ltr"
          error={voucherError ? t(voucherError) : null}
        />
        <Button type="submit" variant="secondary" loading={applying} disabled={!canApply || code.trim() === ''}>
          {t('request.voucher.apply')}
        </Button>
      </Row>
      {voucher && (
        <Applied role="status">
          <span>
            {t('request.voucher.applied', {
              code: voucher.code,
              discount: voucher.type === 'PERCENT' ? `${voucher.amount} %` : formatMoney(voucher.amount, { locale, currency }),
            })}
          </span>
          <Button variant="ghost" onClick={() => actor.send({ type: 'voucher.removed' })}>
            {t('request.voucher.remove')}
          </Button>
        </Applied>
      )}
    </Form>
  );
}

const Form = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(2)};
`;

const Row = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: start;
  gap: ${tokens.space(2)};
  > button { margin-top: 26px; }
`;

const Applied = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(2)};
  padding: ${tokens.space(2)} ${tokens.space(3)};
  border-radius: ${tokens.radius.md};
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.success};
  font-weight: 600;
`;
