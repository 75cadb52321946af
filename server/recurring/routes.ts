// Recurring orders (issue #27, docs/api.md "Recurring orders"): create, list (with the latest runs),
// edit, pause, resume and delete a vendor's schedules. Only the vendors the caller reaches
// (tenancy.ts); another vendor's schedule answers exactly like a missing one. Each write records its
// audit event in its own transaction, then (re)plans the schedule's job (runner.ts).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { countryConfig } from '../../domain';
import { RecurringRuleBody, RecurringScheduleBody, RecurringScheduleParams, RecurringScheduleView, Result, VendorIdParams } from '../../domain/api';
import { resolveLocale } from '../../domain/locales';
import { nextRunAfter, validateSchedule, type RecurringSchedule } from '../../domain/recurringSchedule';
import { assertStoredVendorAccess, requireUser } from '../auth/tenancy';
import type { Db } from '../db/connect';
import { notFound, unprocessable } from '../http/errors';
import { errorAnswers } from '../http/openapi';
import type { VendorRow } from '../http/vendorView';
import { recordAudit } from '../teams/audit';
import { listSchedules, repeatFromWire, ruleOf } from './schedules';
import type { RecurringSchedulesTable } from './tables';

/** Enough for every regular delivery of an outlet; a runaway client stops here. */
export const SCHEDULES_PER_VENDOR_MAX = 100;

export const RECURRING_MESSAGES = {
  onlinePayment: 'recurring.error.online-payment',
  noRuns: 'recurring.error.no-runs',
  tooMany: 'recurring.error.too-many',
} as const;

/** The body's rule as the domain reads it, in the vendor country's zone unless it names one; 422 when it breaks a rule. */
function ruleFromBody(body: RecurringRuleBody, vendor: VendorRow): RecurringSchedule {
  const rule: RecurringSchedule = {
    repeat: repeatFromWire(body.repeat), time: body.time, timeZone: body.time_zone ?? countryConfig(vendor.country_code).timeZone,
    startsOn: body.starts_on, until: body.until,
  };
  const problem = validateSchedule(rule);
  if (problem) throw unprocessable(problem, problem === 'schedule.error.time-zone' ? 'time_zone' : problem === 'schedule.error.time' ? 'time' : problem.includes('until') || problem.includes('date') ? 'until' : 'repeat');
  return rule;
}

/** The first run from now on; 422 when the rule has none left (an end date already past). */
function firstRun(rule: RecurringSchedule, nowS: number): number {
  const next = nextRunAfter(rule, nowS);
  if (next === null) throw unprocessable(RECURRING_MESSAGES.noRuns, 'until');
  return next;
}

const ruleColumns = (rule: RecurringSchedule) =>
  ({ repeat: JSON.stringify(rule.repeat), local_time: rule.time, time_zone: rule.timeZone, starts_on: rule.startsOn, until: rule.until });

export async function recurringRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = app;
  const nowS = () => app.clock.nowS();

  /** The vendor's schedule, or 404 (a foreign id is a missing one). */
  async function ownSchedule(store: Db, vendorId: string, scheduleId: string): Promise<RecurringSchedulesTable> {
    const row = await store.selectFrom('recurring_schedules').selectAll().where('schedule_id', '=', scheduleId).where('vendor_id', '=', vendorId).executeTakeFirst();
    if (!row) throw notFound('error.not-found', 'scheduleId');
    return row;
  }
  async function answer(vendorId: string, scheduleId: string) {
    const [view] = await listSchedules(db, [vendorId], scheduleId);
    if (!view) throw notFound('error.not-found', 'scheduleId');
    return { result: view };
  }

  app.get('/vendor/:vendorId/recurring-orders', {
    schema: { params: VendorIdParams, response: { 200: Result(Type.Array(RecurringScheduleView)), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    return { result: await listSchedules(db, [vendor.vendor_id]) };
  });

  app.post('/vendor/:vendorId/recurring-orders', {
    schema: { params: VendorIdParams, body: RecurringScheduleBody, response: { 200: Result(RecurringScheduleView), ...errorAnswers(400, 401, 403, 404, 422) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const user = requireUser(request);
    const template = await db.selectFrom('order_templates').select(['template_id', 'payment_method'])
      .where('template_id', '=', request.body.template_id).where('vendor_id', '=', vendor.vendor_id).executeTakeFirst();
    if (!template) throw notFound('error.not-found', 'template_id');
    // An online payment needs the person at the card: no run could pay it.
    if (template.payment_method === 'ONLINE_PAYMENT') throw unprocessable(RECURRING_MESSAGES.onlinePayment, 'template_id');
    const rule = ruleFromBody(request.body, vendor);
    const now = nowS();
    const row: RecurringSchedulesTable = {
      schedule_id: crypto.randomUUID(), vendor_id: vendor.vendor_id, template_id: template.template_id, ...ruleColumns(rule),
      status: 'active', next_run_at: firstRun(rule, now), created_by_account_id: user.userId, created_by_email: user.email,
      language: resolveLocale(request.body.language, countryConfig(vendor.country_code)), created_at: now, updated_at: now,
    };
    await db.transaction().execute(async (trx) => {
      const { count } = await trx.selectFrom('recurring_schedules').select((eb) => eb.fn.countAll<number>().as('count'))
        .where('vendor_id', '=', vendor.vendor_id).executeTakeFirstOrThrow();
      if (Number(count) >= SCHEDULES_PER_VENDOR_MAX) throw unprocessable(RECURRING_MESSAGES.tooMany, 'template_id');
      await trx.insertInto('recurring_schedules').values(row).execute();
      await recordAudit(trx, user, [{ vendorId: vendor.vendor_id, action: 'recurring.created', subject: row.schedule_id, detail: { template: template.template_id } }], now);
    });
    await app.recurring.plan(row);
    return answer(vendor.vendor_id, row.schedule_id);
  });

  app.put('/vendor/:vendorId/recurring-orders/:scheduleId', {
    schema: { params: RecurringScheduleParams, body: RecurringRuleBody, response: { 200: Result(RecurringScheduleView), ...errorAnswers(400, 401, 403, 404, 422) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const user = requireUser(request);
    const rule = ruleFromBody(request.body, vendor);
    const now = nowS();
    const next = firstRun(rule, now);
    const changed = await db.transaction().execute(async (trx) => {
      const current = await ownSchedule(trx, vendor.vendor_id, request.params.scheduleId);
      await trx.updateTable('recurring_schedules').set({ ...ruleColumns(rule), next_run_at: next, updated_at: now })
        .where('schedule_id', '=', current.schedule_id).execute();
      await recordAudit(trx, user, [{ vendorId: vendor.vendor_id, action: 'recurring.changed', subject: current.schedule_id, detail: { change: 'rule' } }], now);
      return { ...current, next_run_at: next };
    });
    await app.recurring.plan(changed);
    return answer(vendor.vendor_id, changed.schedule_id);
  });

  /** Pause and resume: a resumed schedule runs from now on (the runs it missed while paused are not placed). */
  for (const change of ['pause', 'resume'] as const) {
    app.post(`/vendor/:vendorId/recurring-orders/:scheduleId/${change}`, {
      schema: { params: RecurringScheduleParams, response: { 200: Result(RecurringScheduleView), ...errorAnswers(400, 401, 403, 404, 422) } },
    }, async (request) => {
      const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
      const user = requireUser(request);
      const now = nowS();
      const changed = await db.transaction().execute(async (trx) => {
        const current = await ownSchedule(trx, vendor.vendor_id, request.params.scheduleId);
        const status = change === 'pause' ? 'paused' as const : 'active' as const;
        const next = change === 'pause' ? current.next_run_at : firstRun(ruleOf(current), now);
        await trx.updateTable('recurring_schedules').set({ status, next_run_at: next, updated_at: now }).where('schedule_id', '=', current.schedule_id).execute();
        await recordAudit(trx, user, [{ vendorId: vendor.vendor_id, action: 'recurring.changed', subject: current.schedule_id, detail: { change } }], now);
        return { ...current, status, next_run_at: next };
      });
      await app.recurring.plan(changed);
      return answer(vendor.vendor_id, changed.schedule_id);
    });
  }

  app.delete('/vendor/:vendorId/recurring-orders/:scheduleId', {
    schema: { params: RecurringScheduleParams, response: { 200: Result(Type.Literal(true)), ...errorAnswers(400, 401, 403, 404) } },
  }, async (request) => {
    const vendor = await assertStoredVendorAccess(request, db, request.params.vendorId);
    const user = requireUser(request);
    const now = nowS();
    const deleted = await db.transaction().execute(async (trx) => {
      const current = await ownSchedule(trx, vendor.vendor_id, request.params.scheduleId);
      await trx.deleteFrom('recurring_schedules').where('schedule_id', '=', current.schedule_id).execute();
      await recordAudit(trx, user, [{ vendorId: vendor.vendor_id, action: 'recurring.deleted', subject: current.schedule_id, detail: { template: current.template_id } }], now);
      return current;
    });
    await app.recurring.plan({ ...deleted, status: 'paused', next_run_at: null });
    return { result: true as const };
  });
}

