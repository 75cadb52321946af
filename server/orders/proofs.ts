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

/**
 * The receiver's signature the simulated rider collects on delivery: a small SVG of a pen stroke,
 * shaped by the receiver's name so each looks different, as a data URL (a real platform sends a URL).
 */
export function signatureImage(receiverName: string): string {
  let seed = 0;
  for (const char of receiverName) seed = (seed * 31 + (char.codePointAt(0) ?? 0)) % 997;
  const points = Array.from({ length: 8 }, (_, i) => {
    const x = 20 + i * 35;
    const y = 60 + (((seed + i * 37) % 41) - 20);
    return `${i === 0 ? 'M' : 'T'}${x} ${y}`;
  }).join(' ');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120" viewBox="0 0 300 120">`
    + `<rect width="300" height="120" fill="#fff"/>`
    + `<path d="${points}" fill="none" stroke="#1e293b" stroke-width="3" stroke-linecap="round"/>`
    + `<line x1="20" y1="100" x2="280" y2="100" stroke="#94a3b8"/></svg>`;
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}
