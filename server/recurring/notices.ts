// The mail a vendor gets when a run places nothing (refused or skipped), in the language the
// schedule was set up in. Sent after the run's commit: the run row is claimed for the mail first
// (notified_at), so two processes never both send it, and released again if the send fails.
import type { Locale } from '../../domain/locales';
import type { Clock } from '../clock/clock';
import type { Db } from '../db/connect';
import type { Mailer } from '../mail/mailer';
import type { Catalogues } from '../notifications/catalogues';
import type { RecurringRunsTable, RecurringSchedulesTable } from './tables';

export interface NoticeDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  catalogues: Catalogues;
  /** The app's address, for the link to the Recurring orders page (read at send time: tests bind a port late). */
  publicUrl: () => string;
}

/** Intl's spelling of the product's locale codes (as notifications/catalogues.ts). */
const bcp47 = (locale: string): string => (locale === 'ur_alt' ? 'ur' : locale.replace(/_/g, '-'));

function renderNotice(deps: NoticeDeps, schedule: RecurringSchedulesTable, templateName: string, run: RecurringRunsTable) {
  const t = deps.catalogues.translator(schedule.language as Locale);
  const when = new Intl.DateTimeFormat(`${bcp47(schedule.language)}-u-nu-latn`, { dateStyle: 'full', timeStyle: 'short', timeZone: schedule.time_zone })
    .format(new Date(run.planned_at * 1000));
  let reason: string;
  try {
    reason = t(run.reason ?? 'recurring.refused.failed');
  } catch {
    // A refusal key with no message (a rule added without one): still say that it was refused.
    reason = t('recurring.refused.failed');
  }
  const values = { templateName, when, reason, link: `${deps.publicUrl()}/recurring-orders` };
  const kind = run.outcome === 'skipped' ? 'skipped' : 'refused';
  return { subject: t(`recurring.notice.${kind}.subject`, values), text: `${t(`recurring.notice.${kind}.text`, values)}\n` };
}

/** Mails every refused or skipped run of the schedule not mailed yet. */
export async function sendRunNotices(deps: NoticeDeps, scheduleId: string): Promise<void> {
  const { db } = deps;
  const pending = await db.selectFrom('recurring_runs').selectAll()
    .where('schedule_id', '=', scheduleId).where('outcome', '!=', 'placed').where('notified_at', 'is', null)
    .orderBy('planned_at').execute();
  if (pending.length === 0) return;
  const schedule = await db.selectFrom('recurring_schedules').selectAll().where('schedule_id', '=', scheduleId).executeTakeFirst();
  if (!schedule) return;
  const template = await db.selectFrom('order_templates').select('name').where('template_id', '=', schedule.template_id).executeTakeFirst();
  for (const run of pending) {
    const claimed = await db.updateTable('recurring_runs').set({ notified_at: deps.clock.nowS() })
      .where('schedule_id', '=', run.schedule_id).where('planned_at', '=', run.planned_at).where('notified_at', 'is', null)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) === 0) continue;
    try {
      await deps.mailer.send({ to: schedule.created_by_email, ...renderNotice(deps, schedule, template?.name ?? '', run) });
    } catch (error) {
      await db.updateTable('recurring_runs').set({ notified_at: null })
        .where('schedule_id', '=', run.schedule_id).where('planned_at', '=', run.planned_at).execute();
      throw error;
    }
  }
}
