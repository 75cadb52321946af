// Recurring orders (issue #27): a saved template placed on a schedule (domain/recurringSchedule.ts),
// each run placed once, with its outcome listed: placed, refused (with the reason's translation key)
// or skipped (outside the vendor's service hours, or missed while no server ran).
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';

const IsoDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'ISO date (YYYY-MM-DD) in the schedule\'s time zone.' });
const Weekday = Type.Integer({ minimum: 1, maximum: 7, description: 'ISO weekday: 1 = Monday … 7 = Sunday.' });

export const ScheduleRepeatSchema = Type.Union([
  StrictObject({ kind: Type.Literal('weekly'), weekdays: Type.Array(Weekday, { minItems: 1, maxItems: 7, uniqueItems: true }) }),
  StrictObject({ kind: Type.Literal('monthly'), day_of_month: Type.Integer({ minimum: 1, maximum: 31 }) }),
]);
export type ScheduleRepeatSchema = Static<typeof ScheduleRepeatSchema>;

/** The rule a vendor writes (create and edit). */
const ruleFields = {
  repeat: ScheduleRepeatSchema,
  time: Type.String({ pattern: '^([01]\\d|2[0-3]):[0-5]\\d$', description: 'Wall-clock time HH:mm in the time zone.' }),
  /** The vendor's country's zone when absent. */
  time_zone: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA zone; the vendor country\'s zone when absent.' })),
  starts_on: IsoDate,
  until: Type.Union([IsoDate, Type.Null()], { description: 'The last day a run may fall on, or null for no end.' }),
};

export const RecurringScheduleBody = StrictObject({
  template_id: Type.String({ minLength: 1, maxLength: 64 }),
  ...ruleFields,
  /** The locale refused and skipped runs are mailed in (the screen's); the country's default when absent or not offered there. */
  language: Type.Optional(Type.String({ minLength: 2, maxLength: 16 })),
});
export type RecurringScheduleBody = Static<typeof RecurringScheduleBody>;

/** PUT: a new rule for the same template. */
export const RecurringRuleBody = StrictObject(ruleFields);
export type RecurringRuleBody = Static<typeof RecurringRuleBody>;

export const RecurringStatusName = Type.Union([Type.Literal('active'), Type.Literal('paused')]);
export type RecurringStatus = Static<typeof RecurringStatusName>;

export const RecurringOutcomeName = Type.Union([Type.Literal('placed'), Type.Literal('refused'), Type.Literal('skipped')]);
export type RecurringOutcome = Static<typeof RecurringOutcomeName>;

export const RecurringRun = Type.Object({
  planned_at: Type.Integer({ description: 'Unix seconds the run was due.' }),
  outcome: RecurringOutcomeName,
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Translation key of the refusal or the skip; null when placed.' }),
  order_id: Type.Union([Type.String(), Type.Null()]),
  ran_at: Type.Integer(),
});
export type RecurringRun = Static<typeof RecurringRun>;

export const RecurringScheduleView = Type.Object({
  schedule_id: Type.String(),
  vendor_id: Type.String(),
  template_id: Type.String(),
  template_name: Type.String(),
  repeat: ScheduleRepeatSchema,
  time: Type.String(),
  time_zone: Type.String(),
  starts_on: Type.String(),
  until: Type.Union([Type.String(), Type.Null()]),
  status: RecurringStatusName,
  next_run_at: Type.Union([Type.Integer(), Type.Null()], { description: 'Unix seconds; null when paused or ended.' }),
  created_by: Type.String(),
  created_at: Type.Integer(),
  updated_at: Type.Integer(),
  last_runs: Type.Array(RecurringRun, { description: 'The latest runs, newest first.' }),
});
export type RecurringScheduleView = Static<typeof RecurringScheduleView>;

/** /vendor/{vendorId}/recurring-orders/{scheduleId} */
export const RecurringScheduleParams = Type.Object(
  { vendorId: Type.String({ minLength: 1, maxLength: 128 }), scheduleId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);
export type RecurringScheduleParams = Static<typeof RecurringScheduleParams>;
