// Recurring orders (issue #27): a template placed on a schedule by the durable job queue, on a
// simulated clock (the server clock's system time is frozen; tests move it). Each run is placed
// exactly once, across two runners and a restart; its outcome is listed (placed, refused with the
// reason, skipped outside service hours) and the vendor is mailed the ones that placed nothing.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuditEvent, OrderTemplate, RecurringScheduleView } from '../../domain/api';
import type { Order } from '../../domain/types';
import { createClock, type AdjustableClock } from '../../server/clock/clock';
import { DEMO_VENDORS } from '../../server/db/seed';
import type { MailMessage } from '../../server/mail/mailer';
import { priceRoute } from '../../server/fees/pricing';
import { cataloguesDir, createCatalogues } from '../../server/notifications/catalogues';
import { createRecurringRunner } from '../../server/recurring/runner';
import { startServer, type TestServer } from './harness';
import { RIYADH_DESTINATION, resultOf } from './orders-fixtures';

const OLAYA = DEMO_VENDORS.saOlaya;
/** Open 08:00-20:00 in the country's zone (Asia/Dubai for SA, one hour ahead of Riyadh). */
const MALAZ = DEMO_VENDORS.saMalazNightClosed;
const WEEKDAYS = [1, 2, 3, 4, 5];
const HOUR = 3600;
const DAY = 24 * HOUR;
/** Sunday 29 November 2026, 12:00 in Riyadh (UTC+3). */
const FIRST_SUNDAY_NOON = Date.parse('2026-11-29T09:00:00Z') / 1000;

/** A clock whose system time stands still: only the tests move it. */
function frozenClock(): AdjustableClock {
  return createClock(0, () => FIRST_SUNDAY_NOON * 1000);
}
const setNow = (server: TestServer, unixS: number) => server.app.clock.setOffsetS(unixS - FIRST_SUNDAY_NOON);
/** The next Sunday noon in Riyadh from the server's now: each test starts its own week. */
function nextSundayNoon(server: TestServer): number {
  const now = server.app.clock.nowS();
  return FIRST_SUNDAY_NOON + Math.ceil((now - FIRST_SUNDAY_NOON + 1) / (7 * DAY)) * 7 * DAY;
}
/** 09:30 in Riyadh `days` after the Sunday `sunday`. */
const riyadhAt = (sunday: number, days: number, hhmm: string) => {
  const [h = 0, m = 0] = hhmm.split(':').map(Number);
  return sunday - 12 * HOUR + days * DAY + h * HOUR + m * 60;
};
/** The simulated clock runs for weeks; the sessions signed in at its start must last that long.
 *  The courier simulator stays off: a run's order must still be NEW when the test reads it. */
const LONG_SESSIONS = { ACCESS_TOKEN_TTL_S: String(365 * 24 * 3600), COURIER_SIM_SPEED: '0' };
const isoDay = (unixS: number) => new Date((unixS + 3 * HOUR) * 1000).toISOString().slice(0, 10);

let server: TestServer;
/** What the server mailed, as handed to the mail port. */
const mails: MailMessage[] = [];
let vendorAuth: string;
let otherAuth: string;
beforeAll(async () => {
  server = await startServer(LONG_SESSIONS, { clock: frozenClock(), mailer: { send: async (mail) => { mails.push(mail); } } }, { listen: false });
});
afterAll(async () => { await server?.stop(); });

async function createTemplate(vendorId: string, overrides: Record<string, unknown> = {}, auth = vendorAuth): Promise<OrderTemplate> {
  const answer = await server.call('POST', `/templates/${vendorId}`, {
    auth,
    body: {
      name: 'Morning bread to Al Yasmin', customer_name: 'Sara Al Qahtani', phone_number: '+966 50 123 4567',
      ...RIYADH_DESTINATION, address: '4, Villa 12, Al Yasmin, Riyadh', notes: 'Gate code 1234',
      amount: 45, description: 'Bread basket', payment_method: 'CASH_ON_DELIVERY', ...overrides,
    },
  });
  expect(answer.status, answer.text).toBe(200);
  return (answer.body as { body: OrderTemplate }).body;
}

const rule = (sunday: number, overrides: Record<string, unknown> = {}) =>
  ({ repeat: { kind: 'weekly', weekdays: WEEKDAYS }, time: '09:30', time_zone: 'Asia/Riyadh', starts_on: isoDay(sunday), until: null, ...overrides });

async function createSchedule(vendorId: string, body: Record<string, unknown>): Promise<RecurringScheduleView> {
  const answer = await server.call('POST', `/vendor/${vendorId}/recurring-orders`, { auth: vendorAuth, body });
  expect(answer.status, answer.text).toBe(200);
  return resultOf<RecurringScheduleView>(answer.body);
}
async function scheduleNamed(vendorId: string, scheduleId: string, auth = vendorAuth): Promise<RecurringScheduleView | undefined> {
  const answer = await server.call('GET', `/vendor/${vendorId}/recurring-orders`, { auth });
  expect(answer.status, answer.text).toBe(200);
  return resultOf<RecurringScheduleView[]>(answer.body).find((s) => s.schedule_id === scheduleId);
}
const runsOf = (scheduleId: string) =>
  server.app.db.selectFrom('recurring_runs').selectAll().where('schedule_id', '=', scheduleId).orderBy('planned_at').execute();
async function ordersOf(orderIds: readonly (string | null)[]): Promise<Order[]> {
  const ids = orderIds.filter((id): id is string => id !== null);
  if (ids.length === 0) return [];
  const rows = await server.app.db.selectFrom('orders').select('document').where('order_id', 'in', ids).execute();
  return rows.map((row) => JSON.parse(row.document) as Order);
}
/** Walks the clock through the days, every hour, letting the runner place what is due. */
async function liveThrough(from: number, to: number): Promise<void> {
  for (let at = from; at <= to; at += HOUR) {
    setNow(server, at);
    await server.app.recurring.runAllDue();
  }
}

/** Moves to the next Sunday noon and signs in afresh (a session ends within weeks of simulated time). */
async function startWeek(): Promise<number> {
  const sunday = nextSundayNoon(server);
  setNow(server, sunday);
  [vendorAuth, otherAuth] = await Promise.all([server.login('vendor@example.com'), server.login('other@example.com')]);
  return sunday;
}

describe('recurring orders', () => {
  it('places weekdays at 09:30 Riyadh over a simulated week exactly 5 times, each from the template with a fee quoted afresh', async () => {
    const sunday = await startWeek();
    const template = await createTemplate(OLAYA);
    const schedule = await createSchedule(OLAYA, { template_id: template.id, ...rule(sunday) });
    expect(schedule).toMatchObject({ status: 'active', template_name: template.name, next_run_at: riyadhAt(sunday, 1, '09:30'), last_runs: [] });

    await liveThrough(sunday, sunday + 7 * DAY);
    await server.app.recurring.runAllDue(); // once more: nothing is placed twice

    const runs = await runsOf(schedule.schedule_id);
    expect(runs.map((run) => run.planned_at)).toEqual([1, 2, 3, 4, 5].map((day) => riyadhAt(sunday, day, '09:30')));
    expect(runs.every((run) => run.outcome === 'placed' && run.order_id !== null)).toBe(true);
    const orders = await ordersOf(runs.map((run) => run.order_id));
    expect(orders).toHaveLength(5);
    const vendor = await server.app.db.selectFrom('vendors').selectAll().where('vendor_id', '=', OLAYA).executeTakeFirstOrThrow();
    const fee = priceRoute('SA', { latitude: vendor.latitude ?? 0, longitude: vendor.longitude ?? 0 }, RIYADH_DESTINATION).fee;
    for (const [i, order] of orders.sort((a, b) => a.created_at - b.created_at).entries()) {
      // Placed at its run (the simulated courier may have moved it on since, as the clock walked the week).
      expect(order.status_history[0]).toEqual({ status: 'NEW', created_at: order.created_at });
      expect(order.created_at - (runs[i]?.planned_at ?? 0)).toBeLessThan(HOUR);
      expect(order).toMatchObject({ vendor_id: OLAYA, delivery_fee: fee, order: { description: 'Bread basket', amount: 45, payment_method: 'CASH_ON_DELIVERY' } });
      expect(order.customer).toMatchObject({ name: 'Sara Al Qahtani', phone_number: '+966501234567' });
    }
    // Each placed run reaches the outbox like any order, and the audit trail names the schedule.
    const audited = await server.app.db.selectFrom('audit_events').select(['subject', 'detail']).where('action', '=', 'order.placed').where('vendor_id', '=', OLAYA).execute();
    expect(audited.filter((event) => event.detail.includes(schedule.schedule_id))).toHaveLength(5);

    const listed = await scheduleNamed(OLAYA, schedule.schedule_id);
    expect(listed?.next_run_at).toBe(riyadhAt(sunday, 8, '09:30'));
    expect(listed?.last_runs.map((run) => run.outcome)).toEqual(['placed', 'placed', 'placed', 'placed', 'placed']);
    expect(listed?.last_runs[0]?.planned_at).toBe(riyadhAt(sunday, 5, '09:30'));
    await server.call('POST', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}/pause`, { auth: vendorAuth });
  });

  it('places a due run through the durable job queue on its own, without anyone asking', async () => {
    const sunday = await startWeek();
    const schedule = await createSchedule(OLAYA, { template_id: (await createTemplate(OLAYA)).id, ...rule(sunday) });
    setNow(server, riyadhAt(sunday, 1, '09:31'));
    await vi.waitFor(async () => expect(await runsOf(schedule.schedule_id)).toHaveLength(1), { timeout: 10_000, interval: 100 });
    await server.call('POST', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}/pause`, { auth: vendorAuth });
  });

  it('places each run once when two runners race for it', async () => {
    const sunday = await startWeek();
    const schedule = await createSchedule(OLAYA, { template_id: (await createTemplate(OLAYA)).id, ...rule(sunday) });
    const app = server.app;
    const second = createRecurringRunner({
      side: app.orders, clock: app.clock, mailer: app.mailer, catalogues: createCatalogues(cataloguesDir(app.config.distDir), app.config.brand),
      publicUrl: () => app.config.publicUrl, onError: (error) => { throw error; },
    });
    for (const day of [1, 2, 3]) {
      setNow(server, riyadhAt(sunday, day, '09:30'));
      await Promise.all([app.recurring.runDue(schedule.schedule_id), second.runDue(schedule.schedule_id), app.recurring.runAllDue()]);
    }
    const runs = await runsOf(schedule.schedule_id);
    expect(runs.map((run) => run.planned_at)).toEqual([1, 2, 3].map((day) => riyadhAt(sunday, day, '09:30')));
    expect(await ordersOf(runs.map((run) => run.order_id))).toHaveLength(3);
    await second.stop();
    await server.call('POST', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}/pause`, { auth: vendorAuth });
  });

  it('pause stops the runs; resume runs from then on, not the runs missed meanwhile', async () => {
    const sunday = await startWeek();
    const schedule = await createSchedule(OLAYA, { template_id: (await createTemplate(OLAYA)).id, ...rule(sunday) });
    const paused = await server.call('POST', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}/pause`, { auth: vendorAuth });
    expect(paused.status, paused.text).toBe(200);
    expect(resultOf<RecurringScheduleView>(paused.body)).toMatchObject({ status: 'paused', next_run_at: null });
    await liveThrough(sunday, riyadhAt(sunday, 2, '12:00'));
    expect(await runsOf(schedule.schedule_id)).toEqual([]);

    const resumed = await server.call('POST', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}/resume`, { auth: vendorAuth });
    expect(resultOf<RecurringScheduleView>(resumed.body)).toMatchObject({ status: 'active', next_run_at: riyadhAt(sunday, 3, '09:30') });
    await liveThrough(riyadhAt(sunday, 2, '12:00'), riyadhAt(sunday, 3, '12:00'));
    expect((await runsOf(schedule.schedule_id)).map((run) => run.planned_at)).toEqual([riyadhAt(sunday, 3, '09:30')]);
    await server.call('POST', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}/pause`, { auth: vendorAuth });
  });

  it('editing changes the next run; the until date ends the schedule', async () => {
    const sunday = await startWeek();
    const schedule = await createSchedule(OLAYA, { template_id: (await createTemplate(OLAYA)).id, ...rule(sunday) });
    const edited = await server.call('PUT', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}`, {
      auth: vendorAuth, body: rule(sunday, { repeat: { kind: 'weekly', weekdays: [2, 4] }, time: '11:15', until: isoDay(riyadhAt(sunday, 4, '00:00')) }),
    });
    expect(edited.status, edited.text).toBe(200);
    expect(resultOf<RecurringScheduleView>(edited.body)).toMatchObject({ time: '11:15', repeat: { kind: 'weekly', weekdays: [2, 4] }, next_run_at: riyadhAt(sunday, 2, '11:15') });

    await liveThrough(sunday, sunday + 14 * DAY);
    expect((await runsOf(schedule.schedule_id)).map((run) => run.planned_at)).toEqual([riyadhAt(sunday, 2, '11:15'), riyadhAt(sunday, 4, '11:15')]);
    const ended = await scheduleNamed(OLAYA, schedule.schedule_id);
    expect(ended).toMatchObject({ status: 'active', next_run_at: null });
    // Ended: no job waits for it any more.
    expect(await server.app.db.selectFrom('scheduled_jobs').select('job_key').where('job_key', '=', `recurring:${schedule.schedule_id}`).executeTakeFirst()).toBeUndefined();
  });

  it('skips a run outside the vendor\'s service hours and mails the vendor in the schedule\'s language', async () => {
    const sunday = await startWeek();
    const template = await createTemplate(MALAZ, { name: 'Early rolls' });
    // 06:30 in Riyadh is 07:30 in the country's zone: Malaz opens at 08:00.
    const schedule = await createSchedule(MALAZ, { template_id: template.id, ...rule(sunday, { time: '06:30' }), language: 'ar-SA' });
    await liveThrough(sunday, riyadhAt(sunday, 1, '12:00'));
    const [run] = await runsOf(schedule.schedule_id);
    expect(run).toMatchObject({ planned_at: riyadhAt(sunday, 1, '06:30'), outcome: 'skipped', reason: 'recurring.skipped.service-hours', order_id: null });
    await vi.waitFor(() => expect(mails.filter((m) => m.subject.includes('Early rolls'))).toHaveLength(1));
    const mail = mails.find((m) => m.subject.includes('Early rolls'));
    expect(mail?.to).toBe('vendor@example.com');
    // In Arabic, with the reason and the run's day in words, and the link to the list.
    expect(mail?.subject).toBe('تم تخطي الطلب المتكرر: Early rolls');
    expect(mail?.text).toContain('تم التخطي: كان الفرع خارج ساعات الخدمة.');
    expect(mail?.text).toContain('الاثنين');
    expect(mail?.text).toContain('/recurring-orders');
    await server.call('DELETE', `/vendor/${MALAZ}/recurring-orders/${schedule.schedule_id}`, { auth: vendorAuth });
  });

  it('records a refused run with the order rule\'s reason, places nothing, and mails it once', async () => {
    const sunday = await startWeek();
    const template = await createTemplate(OLAYA, { name: 'Cash cakes' });
    const schedule = await createSchedule(OLAYA, { template_id: template.id, ...rule(sunday) });
    const { db } = server.app;
    const vendor = await db.selectFrom('vendors').select('payment_methods').where('vendor_id', '=', OLAYA).executeTakeFirstOrThrow();
    await db.updateTable('vendors').set({ payment_methods: 'PAID' }).where('vendor_id', '=', OLAYA).execute();
    try {
      await liveThrough(sunday, riyadhAt(sunday, 1, '12:00'));
    } finally {
      await db.updateTable('vendors').set({ payment_methods: vendor.payment_methods }).where('vendor_id', '=', OLAYA).execute();
    }
    const runs = await runsOf(schedule.schedule_id);
    expect(runs).toEqual([expect.objectContaining({ outcome: 'refused', reason: 'validation.fill-payment-method', order_id: null })]);
    await vi.waitFor(() => expect(mails.filter((m) => m.subject.includes('Cash cakes'))).toHaveLength(1));
    expect(mails.find((m) => m.subject.includes('Cash cakes'))?.subject).toBe('Recurring order not placed: Cash cakes');
    expect((await scheduleNamed(OLAYA, schedule.schedule_id))?.last_runs[0]).toMatchObject({ outcome: 'refused', reason: 'validation.fill-payment-method' });
    await server.call('DELETE', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}`, { auth: vendorAuth });
  });

  it('refuses the runs of a schedule whose creator may no longer place orders there (a role changed, a member removed)', async () => {
    const sunday = await startWeek();
    const schedule = await createSchedule(OLAYA, { template_id: (await createTemplate(OLAYA, { name: 'Former member bread' })).id, ...rule(sunday) });
    const { db } = server.app;
    const account = await db.selectFrom('accounts').select('account_id').where('email', '=', 'vendor@example.com').executeTakeFirstOrThrow();
    await db.updateTable('account_vendors').set({ role: 'viewer' }).where('account_id', '=', account.account_id).execute();
    try {
      await liveThrough(sunday, riyadhAt(sunday, 1, '12:00'));
    } finally {
      await db.updateTable('account_vendors').set({ role: 'owner' }).where('account_id', '=', account.account_id).execute();
    }
    expect(await runsOf(schedule.schedule_id)).toEqual([expect.objectContaining({ outcome: 'refused', reason: 'error.role-forbidden', order_id: null })]);
    await server.call('DELETE', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}`, { auth: vendorAuth });
  });

  it('never shows, changes or deletes another vendor\'s schedule (a foreign one answers like a missing one)', async () => {
    const sunday = await startWeek();
    const schedule = await createSchedule(OLAYA, { template_id: (await createTemplate(OLAYA, { name: 'Secret Saudi route' })).id, ...rule(sunday) });
    expect((await server.call('GET', `/vendor/${OLAYA}/recurring-orders`, { auth: otherAuth })).status).toBe(403);
    expect((await server.call('POST', `/vendor/${OLAYA}/recurring-orders`, { auth: otherAuth, body: { template_id: schedule.template_id, ...rule(sunday) } })).status).toBe(403);
    const path = (id: string) => `/vendor/sg-2000/recurring-orders/${id}`;
    const foreign = await server.call('PUT', path(schedule.schedule_id), { auth: otherAuth, body: rule(sunday, { time: '03:00', time_zone: 'Asia/Singapore' }) });
    const missing = await server.call('PUT', path('no-such-schedule'), { auth: otherAuth, body: rule(sunday, { time: '03:00', time_zone: 'Asia/Singapore' }) });
    expect(foreign.status).toBe(404);
    expect(foreign.text).toBe(missing.text);
    for (const [method, suffix] of [['POST', '/pause'], ['POST', '/resume'], ['DELETE', '']] as const) {
      expect((await server.call(method, `${path(schedule.schedule_id)}${suffix}`, { auth: otherAuth })).status).toBe(404);
    }
    // A Saudi template cannot be scheduled through the Singapore vendor either.
    expect((await server.call('POST', '/vendor/sg-2000/recurring-orders', { auth: otherAuth, body: { template_id: schedule.template_id, ...rule(sunday) } })).status).toBe(404);
    const sgList = await server.call('GET', '/vendor/sg-2000/recurring-orders', { auth: otherAuth });
    expect(sgList.status).toBe(200);
    expect(sgList.text).not.toContain('Secret Saudi route');
    expect(await scheduleNamed(OLAYA, schedule.schedule_id)).toMatchObject({ status: 'active', time: '09:30' });
    await server.call('DELETE', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}`, { auth: vendorAuth });
  });

  it('refuses bad input with a 4xx in API.md\'s shape and stores nothing', async () => {
    const sunday = await startWeek();
    const template = await createTemplate(OLAYA);
    const online = await createTemplate(OLAYA, { payment_method: 'ONLINE_PAYMENT' });
    const count = async () => (await server.app.db.selectFrom('recurring_schedules').select('schedule_id').execute()).length;
    const before = await count();
    const bodies = [
      { template_id: template.id, ...rule(sunday, { repeat: { kind: 'weekly', weekdays: [] } }) },
      { template_id: template.id, ...rule(sunday, { repeat: { kind: 'weekly', weekdays: [8] } }) },
      { template_id: template.id, ...rule(sunday, { time: '24:00' }) },
      { template_id: template.id, ...rule(sunday, { time_zone: 'Mars/Olympus' }) },
      { template_id: template.id, ...rule(sunday, { until: '2020-01-01' }) },
      { template_id: template.id, ...rule(sunday, { starts_on: 'tomorrow' }) },
      { template_id: online.id, ...rule(sunday) },
      { template_id: 'no-such-template', ...rule(sunday) },
      { template_id: template.id, ...rule(sunday), extra: 1 },
    ];
    for (const body of bodies) {
      const answer = await server.call('POST', `/vendor/${OLAYA}/recurring-orders`, { auth: vendorAuth, body });
      expect([400, 404, 422], `${JSON.stringify(body)} ${answer.text}`).toContain(answer.status);
      expect(answer.body).toMatchObject({ status: answer.status, errors: [expect.objectContaining({ meta: { translation_key: expect.any(String) } })] });
    }
    expect(await count()).toBe(before);
  });

  it('audits creating, changing and deleting a schedule', async () => {
    const sunday = await startWeek();
    const schedule = await createSchedule(OLAYA, { template_id: (await createTemplate(OLAYA)).id, ...rule(sunday) });
    await server.call('PUT', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}`, { auth: vendorAuth, body: rule(sunday, { time: '10:00' }) });
    await server.call('POST', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}/pause`, { auth: vendorAuth });
    expect((await server.call('DELETE', `/vendor/${OLAYA}/recurring-orders/${schedule.schedule_id}`, { auth: vendorAuth })).status).toBe(200);
    const trail = await server.call('GET', `/vendor/${OLAYA}/audit`, { auth: vendorAuth });
    const events = resultOf<{ events: AuditEvent[] } | AuditEvent[]>(trail.body);
    const list = Array.isArray(events) ? events : events.events;
    const mine = list.filter((event) => event.subject === schedule.schedule_id).map((event) => [event.action, event.actor]);
    expect(mine).toEqual([['recurring.deleted', 'vendor@example.com'], ['recurring.changed', 'vendor@example.com'], ['recurring.changed', 'vendor@example.com'], ['recurring.created', 'vendor@example.com']]);
    expect(await runsOf(schedule.schedule_id)).toEqual([]);
  });
});

describe('recurring orders across a restart', () => {
  it('a run whose job is taken over after the process died (after its commit, before rescheduling) is not placed again; a lost job is planned again', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'recurring-restart-'));
    const env = { ...LONG_SESSIONS, DATA_DIR: dataDir, JOB_LEASE_MS: '200' };
    let first: TestServer | null = await startServer(env, { clock: frozenClock() }, { listen: false });
    let second: TestServer | null = null;
    try {
      const auth = await first.login('vendor@example.com');
      const sunday = FIRST_SUNDAY_NOON;
      setNow(first, sunday);
      const made = await first.call('POST', `/templates/${OLAYA}`, { auth, body: {
        name: 'Restart bread', customer_name: 'Sara', phone_number: '+966501234567', ...RIYADH_DESTINATION,
        address: '4, Villa 12, Al Yasmin, Riyadh', notes: '', amount: 10, description: 'Bread', payment_method: 'CASH_ON_DELIVERY',
      } });
      const templateId = (made.body as { body: OrderTemplate }).body.id;
      const created = await first.call('POST', `/vendor/${OLAYA}/recurring-orders`, { auth, body: { template_id: templateId, ...rule(sunday) } });
      const scheduleId = resultOf<RecurringScheduleView>(created.body).schedule_id;
      const planned = riyadhAt(sunday, 1, '09:30');
      setNow(first, planned + 60);
      await first.app.recurring.runDue(scheduleId);
      const jobKey = `recurring:${scheduleId}`;
      // A second schedule whose job was lost (its process died between the route's commit and planning the job).
      const unplanned = resultOf<RecurringScheduleView>((await first.call('POST', `/vendor/${OLAYA}/recurring-orders`, { auth, body: { template_id: templateId, ...rule(sunday, { time: '18:00' }) } })).body);
      await first.app.db.deleteFrom('scheduled_jobs').where('job_key', '=', `recurring:${unplanned.schedule_id}`).execute();
      // As the dying process left it: the run committed, its job still due at the run and claimed by a lease that runs out.
      await first.app.recurring.stop();
      await first.app.db.updateTable('scheduled_jobs').set({ due_at: planned * 1000, lease_owner: 'dead-process', lease_until: (planned + 60) * 1000 })
        .where('job_key', '=', jobKey).execute();
      await first.stop().catch(() => undefined);
      first = null;

      const clock = frozenClock();
      clock.setOffsetS(planned + 120 - FIRST_SUNDAY_NOON);
      second = await startServer(env, { clock }, { listen: false });
      const db = second.app.db;
      // The job is taken over and run: it moves on to Tuesday's run.
      await vi.waitFor(async () => {
        const job = await db.selectFrom('scheduled_jobs').selectAll().where('job_key', '=', jobKey).executeTakeFirst();
        expect(job?.due_at).toBe(riyadhAt(sunday, 2, '09:30') * 1000);
      }, { timeout: 10_000, interval: 100 });
      // The lost job is back, due at that schedule's next run.
      const regained = await db.selectFrom('scheduled_jobs').select('due_at').where('job_key', '=', `recurring:${unplanned.schedule_id}`).executeTakeFirst();
      expect(Number(regained?.due_at)).toBe(riyadhAt(sunday, 1, '18:00') * 1000);
      const runs = await db.selectFrom('recurring_runs').selectAll().where('schedule_id', '=', scheduleId).execute();
      expect(runs).toEqual([expect.objectContaining({ planned_at: planned, outcome: 'placed' })]);
      const orders = await db.selectFrom('orders').select('order_id').where('vendor_id', '=', OLAYA).where('created_at', '>=', planned).execute();
      expect(orders.map((order) => order.order_id)).toEqual([runs[0]?.order_id]);
    } finally {
      await first?.stop().catch(() => undefined);
      await second?.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
