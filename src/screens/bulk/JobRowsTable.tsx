import { useMemo, useState } from 'react';
import styled from 'styled-components';
import { BULK_PAYMENT_TYPES, type BulkJobRow, type BulkPaymentType } from '../../../domain/types';
import { Button } from '../../components/Button';
import { cardsOnPhone } from '../../components/cardsOnPhone';
import { useOrderFormat } from '../../components/orders/useOrderFormat';
import { useT } from '../../i18n/useT';
import { useVendors } from '../../app/vendors/VendorsContext';
import { tokens } from '../../theme/theme';
import { StatusBadge as BulkStatusBadge } from '../../components/orders/StatusBadge';

/** Rows drawn at first and added per "show more": a 10 000-row job stays quick to open. */
export const ROWS_PER_PAGE = 50;

/**
 * The job's rows as the spreadsheet had them, with each row's check result: the translated error
 * of a refused row, the fee of a valid one, the order id once placed. On a phone each row is a card.
 */
export function JobRowsTable({ rows }: { rows: readonly BulkJobRow[] }) {
  const t = useT();
  const format = useOrderFormat();
  const [shown, setShown] = useState(ROWS_PER_PAGE);
  const { vendors } = useVendors();
  // The file names collection points by id; the vendor list knows their names.
  const vendorNames = useMemo(() => new Map(vendors.map((vendor) => [vendor.vendor_id, vendor.name])), [vendors]);
  const columns = {
    row: t('bulk-order-upload.column.row'),
    status: t('bulk-order-upload.column.status'),
    customer: t('bulk-order-upload.column.customer'),
    dropOff: t('bulk-order-upload.column.drop-off'),
    collectionPoint: t('bulk-order-upload.column.collection-point'),
    payment: t('bulk-order-upload.column.payment'),
    delivery: t('bulk-order-upload.column.delivery'),
    fee: t('bulk-order-upload.column.delivery-fee'),
    result: t('bulk-order-upload.column.result'),
  };
  return (
    <>
      <Scroller>
        <Table aria-label={t('bulk-order-upload.rows.table')} data-testid="bulk-rows">
          <thead>
            <tr>
              {Object.values(columns).map((label) => (
                <th key={label} scope="col">
                  {label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.slice(0, shown).map((row) => (
              <tr key={row.row_number} data-row-number={row.row_number} data-row-status={row.status}>
                <td data-label={columns.row}>{row.row_number}</td>
                <td data-label={columns.status}>
                  <BulkStatusBadge rowStatus={row.status} />
                </td>
                <td data-label={columns.customer}>
                  <span>
                    <span dir="auto">{row.customer_name}</span>
                    <Muted><bdi dir="ltr">{row.customer_phone}</bdi></Muted>
                  </span>
                </td>
                <td data-label={columns.dropOff}>
                  <span dir="auto">{row.drop_off_address}</span>
                </td>
                <td data-label={columns.collectionPoint}>
                  <CollectionPoint id={row.collection_point} name={vendorNames.get(row.collection_point)} />
                </td>
                <td data-label={columns.payment}>
                  <span>
                    {isBulkPaymentType(row.payment_method) ? t(`bulk-order-upload.payment.${row.payment_method}`) : row.payment_method}
                    {row.amount !== null && <Muted>{format.money(row.amount)}</Muted>}
                  </span>
                </td>
                <td data-label={columns.delivery}>
                  {row.delivery_type === 'scheduled' && row.scheduled_for !== null
                    ? t('bulk-order-upload.delivery.scheduled', { time: format.dateTime(row.scheduled_for) })
                    : t('bulk-order-upload.delivery.instant')}
                </td>
                <td data-label={columns.fee}>{row.delivery_fee !== null ? format.money(row.delivery_fee) : '—'}</td>
                <td data-label={columns.result}>
                  {row.error ? (
                    <RowError data-testid="bulk-row-error">{t(row.error)}</RowError>
                  ) : row.order_id ? (
                    <Mono dir="ltr">{row.order_id}</Mono>
                  ) : (
                    t('bulk-order-upload.rows.ready')
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      </Scroller>
      {rows.length > shown && (
        <More>
          <Button variant="secondary" onClick={() => setShown((count) => count + ROWS_PER_PAGE)}>
            {t('bulk-order-upload.rows.show-more', { shown, total: rows.length })}
          </Button>
        </More>
      )}
    </>
  );
}

function isBulkPaymentType(method: string): method is BulkPaymentType {
  return (BULK_PAYMENT_TYPES as readonly string[]).includes(method);
}

const Scroller = styled.div`
  overflow-x: auto;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${tokens.radius.md};
  @media (max-width: ${tokens.smallScreen}) { border: 0; overflow: visible; }
`;

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  font-size: 0.9rem;
  th, td {
    padding: ${tokens.space(2)};
    text-align: start;
    vertical-align: top;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  }
  th {
    position: sticky;
    top: 0;
    background: ${({ theme }) => theme.colors.background};
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    white-space: nowrap;
  }
  tbody tr:last-child td { border-bottom: 0; }
  td:first-child, td:nth-child(8) { white-space: nowrap; }
  td:nth-child(7) { min-width: 7rem; }
  td:last-child { min-width: 9rem; }
  tr[data-row-status='PREPROCESS_FAIL'], tr[data-row-status='ORDER_FAILED'] { background: ${({ theme }) => theme.colors.background}; }

  /* A phone gets one card per row, each value under its column's name. */
  ${cardsOnPhone}
`;

/** A collection point by its name with the file's id under it, or by the id alone when the name is unknown. */
function CollectionPoint({ id, name }: { id: string; name: string | undefined }) {
  if (name === undefined) return <span dir="ltr">{id}</span>;
  return (
    <span>
      <span dir="auto">{name}</span>
      <Muted><bdi dir="ltr">{id}</bdi></Muted>
    </span>
  );
}

/** A second line under a value; the line keeps the page's direction (right-aligned in Arabic), its
 * phone number or id inside stays left to right. */
const Muted = styled.span`
  display: block;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Mono = styled.span`
  font-family: ui-monospace, SFMono-Regular, Menlo, monospace;
  font-size: 0.8rem;
  overflow-wrap: anywhere;
`;

const RowError = styled.span`
  color: ${({ theme }) => theme.colors.error};
  font-weight: 600;
`;

const More = styled.div`
  display: flex;
  justify-content: center;
  margin-top: ${tokens.space(3)};
`;
