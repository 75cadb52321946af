import type { OrderStatus, UnixSeconds } from '../../domain/types';

const LABELS: Partial<Record<OrderStatus, { title: string; colour: string }>> = {
  PICKED_UP: { title: 'Proof of pickup', colour: '#1f7a4d' },
  DELIVERED: { title: 'Proof of delivery', colour: '#1d4ed8' },
  RETURNED_TO_VENDOR: { title: 'Proof of return', colour: '#b45309' },
};

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * The simulated courier's proof photo: a small SVG "receipt" as a data URL (the real platform sends
 * a photo URL in the same field). Shows the order id and the time, nothing personal.
 */
export function proofImage(status: OrderStatus, orderId: string, atUnix: UnixSeconds): string | null {
  const label = LABELS[status];
  if (!label) return null;
  const when = new Date(atUnix * 1000).toISOString().replace('T', ' ').slice(0, 16);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180" viewBox="0 0 320 180">`
    + `<rect width="320" height="180" rx="12" fill="${label.colour}"/>`
    + `<text x="20" y="50" font-family="sans-serif" font-size="22" fill="#fff">${escapeXml(label.title)}</text>`
    + `<text x="20" y="95" font-family="monospace" font-size="12" fill="#fff">${escapeXml(orderId)}</text>`
    + `<text x="20" y="140" font-family="sans-serif" font-size="16" fill="#fff">${escapeXml(when)} UTC</text></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
