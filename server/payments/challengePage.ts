// The sandbox's challenge page (the stand-in for a bank's 3-D Secure page). The routes mount it at
// GET CHALLENGE_PATH_PREFIX/{intentId}; its form posts `outcome=approve|reject` (urlencoded) to the
// same path, where the route calls provider.completeChallenge and redirects to the intent's return_url.
import type { PaymentIntent } from './provider';

export const CHALLENGE_PATH_PREFIX = '/payments-sandbox/challenge';

export function challengePath(intentId: string, publicOrigin: string | null): string {
  const path = `${CHALLENGE_PATH_PREFIX}/${encodeURIComponent(intentId)}`;
  return publicOrigin ? new URL(path, publicOrigin).toString() : path;
}

/** Reads the form post: 'approve' or 'reject', anything else is null. Accepts a parsed body or the raw urlencoded text. */
export function parseChallengeOutcome(body: unknown): 'approve' | 'reject' | null {
  const outcome =
    typeof body === 'string'
      ? new URLSearchParams(body).get('outcome')
      : typeof body === 'object' && body !== null
        ? (body as Record<string, unknown>).outcome
        : null;
  return outcome === 'approve' || outcome === 'reject' ? outcome : null;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

function formatAmount(amount: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).format(amount);
  } catch {
    return `${amount} ${currency}`;
  }
}

/** The whole HTML document; no script, so it works under a strict Content-Security-Policy. */
export function renderChallengePage(intent: Pick<PaymentIntent, 'intent_id' | 'amount' | 'currency' | 'card'>): string {
  const action = escapeHtml(challengePath(intent.intent_id, null));
  const card = intent.card ? `${intent.card.scheme.toUpperCase()} •••• ${intent.card.last4}` : 'your card';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Confirm your payment (sandbox)</title>
<style>
  body { font-family: system-ui, sans-serif; display: grid; place-items: center; min-height: 100vh; margin: 0; background: #f4f4f6; }
  main { background: #fff; padding: 2rem; border-radius: 12px; max-width: 24rem; box-shadow: 0 2px 12px rgb(0 0 0 / 0.1); }
  .buttons { display: flex; gap: 1rem; margin-top: 1.5rem; }
  button { flex: 1; padding: 0.75rem; border-radius: 8px; border: 1px solid #888; font-size: 1rem; cursor: pointer; }
  button[value="approve"] { background: #1a7f37; border-color: #1a7f37; color: #fff; }
  .note { color: #666; font-size: 0.875rem; }
</style>
</head>
<body>
<main>
  <h1>Confirm your payment</h1>
  <p>Pay <strong>${escapeHtml(formatAmount(intent.amount, intent.currency))}</strong> with ${escapeHtml(card)}?</p>
  <p class="note">Sandbox challenge: no bank is involved. Approve captures the payment, Reject declines it.</p>
  <form method="post" action="${action}">
    <div class="buttons">
      <button type="submit" name="outcome" value="reject">Reject</button>
      <button type="submit" name="outcome" value="approve">Approve</button>
    </div>
  </form>
</main>
</body>
</html>
`;
}
