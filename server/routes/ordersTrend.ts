// GET /vendor/:id/orders/trend (server/README.md, an addition to API.md): orders per local day of a
// period, delivered / cancelled / in progress, for the History page's chart.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Result } from '../../domain/api';
import { countryConfig, dailyOrderTrend, dateRangeFor, DateRangeError, trendDayCount, type OrderStatus, type TrendRange } from '../../domain';
import { assertVendorAccess, canReachVendor, requireAuth } from '../auth/tenancy';
import type { Db } from '../db/connect';
import { badRequest } from '../http/errors';
import { queryObject } from '../http/validation';
import { listedVendorIds } from '../orders/outlets';
import { errorAnswers } from '../http/openapi';

/** 9999-12-31T23:59:59Z: beyond it js-joda cannot place an instant on a calendar. */
const LATEST_UNIX = 253_402_300_799;

const trendQuery = queryObject({
  from: { type: 'integer', minimum: 0, maximum: LATEST_UNIX },
  to: { type: 'integer', minimum: 0, maximum: LATEST_UNIX },
  include_outlets: { type: 'boolean' },
});

interface TrendQuery { from?: number; to?: number; include_outlets?: boolean }

const TrendDay = Type.Object({
  date: Type.String({ description: 'The local calendar day, YYYY-MM-DD.' }),
  delivered: Type.Integer(), cancelled: Type.Integer(), in_progress: Type.Integer(), total: Type.Integer(),
});
export type TrendDayBody = { date: string; delivered: number; cancelled: number; in_progress: number; total: number };
const TrendAnswer = Result(Type.Object({ time_zone: Type.String({ description: "The vendor's IANA time zone." }), days: Type.Array(TrendDay) }));

/** Only the two columns the count needs: the order documents never leave the database. */
async function trendRows(db: Db, vendorIds: readonly string[], range: TrendRange, guestId: string | undefined) {
  if (vendorIds.length === 0) return [];
  let select = db.selectFrom('orders').select(['created_at', 'status'])
    .where('vendor_id', 'in', [...vendorIds])
    .where('created_at', '>=', range.from)
    .where('created_at', '<=', range.to);
  if (guestId !== undefined) select = select.where('guest_id', '=', guestId);
  const rows = await select.execute();
  // The column holds only statuses the order rules wrote.
  return rows.map((row) => ({ created_at: Number(row.created_at), status: row.status as OrderStatus }));
}

export async function ordersTrendRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;

  app.get<{ Params: { id: string }; Querystring: TrendQuery }>(
    '/vendor/:id/orders/trend',
    { schema: { querystring: trendQuery, response: { 200: TrendAnswer, ...errorAnswers(400, 401, 403) } } },
    async (request) => {
      const vendor = await assertVendorAccess(request, side.db, request.params.id);
      const principal = requireAuth(request);
      const { from, to } = request.query;
      // Days are the vendor's country's calendar days, as the History filters compute them.
      const timeZone = countryConfig(vendor.country_code).timeZone;
      if ((from === undefined) !== (to === undefined)) throw badRequest('error.invalid-date-range', from === undefined ? 'from' : 'to');
      // Without a period: the History's default one (Yesterday, SPEC §9).
      const range: TrendRange = from !== undefined && to !== undefined ? { from, to, timeZone } : { ...dateRangeFor('Yesterday', side.nowUnix(), timeZone), timeZone };
      try {
        trendDayCount(range); // refuses a reversed or too long period before touching the database
      } catch (error) {
        if (error instanceof DateRangeError) throw badRequest(error.code, 'to');
        throw error;
      }
      const vendorIds = await listedVendorIds(side.db, vendor, request.query.include_outlets === true, (id) => canReachVendor(principal, id));
      const rows = await trendRows(side.db, vendorIds, range, principal.kind === 'guest' ? principal.guestId : undefined);
      const days = dailyOrderTrend(rows, range).map((day): TrendDayBody => ({
        date: day.date, delivered: day.delivered, cancelled: day.cancelled, in_progress: day.inProgress, total: day.total,
      }));
      return { result: { time_zone: timeZone, days } };
    },
  );
}
