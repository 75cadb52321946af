import { isInStatusGroup } from '../../domain/statuses';
import type { Receipt } from '../../domain/api';
import type { Order } from '../../domain/types';
import { publicTrackingKind } from '../../domain/tracking';
import { firstName } from './publicTracking';

export function receiptOf(order: Order): Receipt {
  const delivered = order.status_history.filter((e) => isInStatusGroup(e.status, 'deliveredOrReturned')).at(-1);
  return {
    order_id: order.order_id,
    status: order.status,
    // A guest sender's parcel is from its sender (first name only, a public page), never the
    // placeholder vendor's name 'guest'.
    vendor_name: publicTrackingKind(order) === 'c2c' ? firstName(order.sender_name) : order.outlet_name ?? '',
    customer_first_name: firstName(order.customer.name),
    created_at: order.created_at,
    delivered_at: delivered?.created_at ?? null,
    currency: order.currency ?? '',
    order_amount: order.order.amount,
    delivery_fee: order.delivery_fee ?? 0,
    discount: order.discount ?? 0,
    total_amount: order.total_amount ?? order.order.amount,
    payment_method: order.order.payment_method,
    voucher_code: order.voucher?.code ?? null,
  };
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A printable receipt page; numbers and dates through Intl in the given locale. */
export function renderReceiptHtml(receipt: Receipt, locale = 'en'): string {
  const money = (value: number) => {
    try {
      return new Intl.NumberFormat(locale, { style: 'currency', currency: receipt.currency }).format(value);
    } catch {
      return `${value} ${receipt.currency}`;
    }
  };
  const date = (unix: number | null) => (unix === null ? '—' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(new Date(unix * 1000)) + ' UTC');
  const rows: [string, string][] = [
    ['Order', receipt.order_id],
    ['From', receipt.vendor_name],
    ['To', receipt.customer_first_name],
    ['Requested', date(receipt.created_at)],
    ['Delivered', date(receipt.delivered_at)],
    ['Payment', receipt.payment_method],
    ['Order value', money(receipt.order_amount)],
    ['Delivery fee', money(receipt.delivery_fee)],
    ...(receipt.discount > 0 ? [[`Discount${receipt.voucher_code ? ` (${receipt.voucher_code})` : ''}`, `-${money(receipt.discount)}`] as [string, string]] : []),
    ['Total', money(receipt.total_amount)],
  ];
  return `<!doctype html><html lang="${escapeHtml(locale)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">`
    + `<title>Delivery receipt</title><style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}`
    + `th{text-align:start;padding:.3rem 1rem .3rem 0;color:#555;font-weight:normal}td{padding:.3rem 0}</style></head><body>`
    + `<h1>Delivery receipt</h1><table>${rows.map(([k, v]) => `<tr><th>${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join('')}</table>`
    + `</body></html>`;
}
