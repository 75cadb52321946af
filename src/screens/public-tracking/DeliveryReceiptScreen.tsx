import { useParams, useSearch } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import styled, { useTheme } from 'styled-components';
import { Button } from '../../components/Button';
import { Card, Page, PageTitle } from '../../components/Page';
import { Notice } from '../../components/Notice';
import { Skeleton } from '../../components/Skeleton';
import { DetailSection } from '../../components/orders/DetailSection';
import { useOrderFormat } from '../../components/orders/useOrderFormat';
import { useOrdersServices } from '../../components/orders/OrdersServicesContext';
import { useT } from '../../i18n/useT';
import { tokens } from '../../theme/theme';
import { provideReceipt } from './publicTrackingProvider';
import { inspectOptions } from '../../app/inspector';

const ERROR_TEXT: Record<string, string> = {
  'error.forbidden': 'public-tracking.error.link',
  'error.receipt-not-ready': 'receipt.not-ready',
};

/** /delivery-receipt/{orderID}?t=: what was paid for a delivered order, printable, without login. */
export function DeliveryReceiptScreen() {
  const t = useT();
  const format = useOrderFormat();
  const theme = useTheme();
  const { api } = useOrdersServices();
  const { orderID } = useParams({ strict: false });
  const { t: token } = useSearch({ strict: false });
  const actor = useActorRef(useMemo(() => provideReceipt(api), [api]), { ...inspectOptions(),
    input: { orderId: orderID ?? '', token: typeof token === 'string' ? token : '' },
  });
  const receipt = useSelector(actor, (snapshot) => snapshot.context.receipt);
  const errorKey = useSelector(actor, (snapshot) => snapshot.context.errorKey);
  const failed = useSelector(actor, (snapshot) => snapshot.matches('failed'));

  return (
    <Page $narrow>
      <PageTitle>{t('receipt.title')}</PageTitle>
      {failed ? (
        <>
          <Notice kind="error">{t(ERROR_TEXT[errorKey ?? ''] ?? 'public-tracking.error.load')}</Notice>
          <Button onClick={() => actor.send({ type: 'retry' })}>{t('common.retry')}</Button>
        </>
      ) : !receipt ? (
        <Card aria-busy="true">
          {Array.from({ length: 6 }, (_, index) => (
            <Skeleton key={index} $height="18px" style={{ marginBottom: 12 }} />
          ))}
        </Card>
      ) : (
        <Card data-receipt={receipt.order_id}>
          <DetailSection
            title={receipt.vendor_name || theme.productName}
            rows={[
              [t('receipt.order'), <code key="id" dir="ltr">{receipt.order_id}</code>],
              [t('receipt.customer'), receipt.customer_first_name],
              [t('receipt.ordered-at'), format.dateTime(receipt.created_at)],
              [t('receipt.delivered-at'), receipt.delivered_at ? format.dateTime(receipt.delivered_at) : null],
              [t('order.field.payment-method'), t(`payment-method.${receipt.payment_method}`)],
              [t('receipt.voucher'), receipt.voucher_code],
            ]}
          />
          <DetailSection
            title={t('order.detail.charges')}
            rows={[
              [t('order.field.amount'), format.money(receipt.order_amount, receipt.currency)],
              [t('order.field.delivery-fee'), format.money(receipt.delivery_fee, receipt.currency)],
              [t('order.field.discount'), receipt.discount ? format.money(-receipt.discount, receipt.currency) : null],
              [t('order.field.total'), <strong key="total">{format.money(receipt.total_amount, receipt.currency)}</strong>],
            ]}
          />
          <PrintRow>
            <Button variant="secondary" onClick={() => window.print()}>
              {t('receipt.print')}
            </Button>
          </PrintRow>
        </Card>
      )}
    </Page>
  );
}

const PrintRow = styled.div`
  padding-top: ${tokens.space(4)};
  @media print { display: none; }
`;
