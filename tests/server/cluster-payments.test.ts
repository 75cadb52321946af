// The payment sandbox across two server processes on one PostgreSQL database (issue 11): process A is
// server/main.ts in a child process, process B the harness's in-process server. An intent created
// through B is confirmed through A, and the order it pays for exists once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerProcess } from './cluster-process';
import type { TestServer } from './harness';
import { orderPayload, quoteFee, resultOf, SA_OLAYA } from './orders-fixtures';
import { testDatabaseUrl, type ScratchDatabase } from './pg-database';
import { startTwoProcesses } from './two-processes';

const adminUrl = testDatabaseUrl();

describe.skipIf(!adminUrl)('payment sandbox across two server processes', () => {
  let database: ScratchDatabase;
  let a: ServerProcess;
  let b: TestServer;
  let auth: string;

  beforeAll(async () => {
    ({ database, a, b, auth } = await startTwoProcesses(adminUrl ?? '', { COURIER_SIM_SPEED: '0' }));
  }, 120_000);

  afterAll(async () => {
    await a?.kill();
    await b?.stop();
    await database?.drop();
  });

  it('confirms through A an intent created through B, and creates its order once', async () => {
    const wallet = resultOf<{ wallet_id: string; access_token: string }>((await b.call('POST', `/order/payment/auth/${SA_OLAYA}`, { auth, body: {} })).body);
    const order = orderPayload(SA_OLAYA, await quoteFee(b, auth, SA_OLAYA));
    order.order = { ...order.order, payment_method: 'ONLINE_PAYMENT' };
    const intent = await b.call('POST', '/order/payment/intent', { auth, body: { wallet_id: wallet.wallet_id, bearer_token: wallet.access_token, vendor_id: SA_OLAYA, order } });
    expect(intent.status).toBe(200);
    const { intent_id, payment_methods } = resultOf<{ intent_id: string; payment_methods: string[] }>(intent.body);
    const body = JSON.stringify({
      order: { vendor_id: SA_OLAYA, vat_number: null, preordered_for: null }, bearer_token: wallet.access_token, purchase_intent_id: intent_id,
      payment_method: payment_methods[0], payment_instrument_id: 'NEW', save_card: false,
      card: { number: '4111111111111111', expiry_month: 12, expiry_year: 2035, cvc: '123', holder_name: 'Sara Al-Harbi' },
    });
    const confirm = (api: string) => fetch(`${api}/order/payment/intent/confirm`, { method: 'POST', headers: { authorization: auth, 'content-type': 'application/json' }, body });
    const answers = await Promise.all([confirm(a.api), confirm(b.api), confirm(a.api)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200]);
    const orderIds = new Set(await Promise.all(answers.map(async (r) => resultOf<{ order_id: string }>(await r.json()).order_id)));
    expect(orderIds.size).toBe(1);
    const rows = await b.app.db.selectFrom('orders').select('order_id').where('order_id', 'in', [...orderIds]).execute();
    expect(rows).toHaveLength(1);
  });
});
