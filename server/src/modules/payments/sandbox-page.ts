/** The sandbox provider's hosted payment page: plain HTML, no scripts, test cards listed. */
import { formatAmount } from '@parlay/domain/money/index.ts';
import type { Payment } from './payment-record.ts';
import { TEST_CARDS } from './sandbox-provider.ts';

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

export const SANDBOX_PAGE_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";

/** `payable`: open and not expired (the service's isPayable); otherwise the page shows the state. */
export function renderSandboxPage(payment: Payment, payable: boolean): string {
  const amount = escapeHtml(
    formatAmount(payment.amountMinor, payment.currency, { group: ' ', symbol: true }),
  );
  // An open deposit past its expiry is expired, even before reconciliation has marked it.
  const open = payment.state === 'created' || payment.state === 'pending';
  const shown = open && !payable ? 'expired' : payment.state;
  const action = `/payments-sandbox/pay/${encodeURIComponent(payment.reference)}`;
  const form = payable
    ? `<form method="post" action="${escapeHtml(action)}">
  <label for="card">Card number</label>
  <input id="card" name="card" inputmode="numeric" autocomplete="off" required value="${TEST_CARDS.success}">
  <button type="submit" name="action" value="pay">Pay ${amount}</button>
  <button type="submit" name="action" value="cancel" formnovalidate>Cancel and return to the site</button>
</form>`
    : `<p role="status">This payment is ${escapeHtml(shown)}.</p>`;
  return `<!doctype html>
<html lang="${escapeHtml(payment.lng)}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sandbox payment</title>
<style>body{font:16px system-ui,sans-serif;max-width:32rem;margin:2rem auto;padding:0 1rem}
label,input,button{display:block;width:100%;margin:.5rem 0;font:inherit;padding:.6rem;box-sizing:border-box}
table{border-collapse:collapse;width:100%}td{padding:.25rem;border-bottom:1px solid #ccc}code{font-size:.95em}</style>
</head>
<body>
<main>
<h1>Sandbox payment</h1>
<p>Test provider: no real money moves. Deposit of <strong>${amount}</strong>, reference <code>${escapeHtml(payment.reference)}</code>.</p>
${form}
<h2>Test cards</h2>
<table>
<tr><td><code>${TEST_CARDS.success}</code></td><td>succeeds (any other number too)</td></tr>
<tr><td><code>${TEST_CARDS.declined}</code></td><td>is declined</td></tr>
<tr><td><code>${TEST_CARDS.pending}</code></td><td>stays pending (pay again later to finish)</td></tr>
</table>
</main>
</body>
</html>`;
}
