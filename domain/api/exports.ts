// POST /orders/export (API.md): a period of the vendor's orders as a CSV or XLSX file, downloaded or mailed.
import { Type, type Static } from 'typebox';
import { STATUS_FILTERS } from '../statuses';
import { StrictObject } from './envelope';

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export const ExportFormat = Type.Enum(EXPORT_FORMATS, { type: 'string' });
export type ExportFormat = Static<typeof ExportFormat>;

export const ExportOrdersBody = StrictObject({
  vendor_id: Type.String({ maxLength: 200 }),
  from: Type.Integer({ minimum: 0, description: 'Unix seconds.' }),
  to: Type.Integer({ minimum: 0, description: 'Unix seconds.' }),
  status: Type.Optional(Type.Enum(STATUS_FILTERS, { type: 'string' })),
  include_outlets: Type.Optional(Type.Boolean()),
  format: ExportFormat,
  delivery: Type.Enum(['download', 'email'], { type: 'string' }),
});
export type ExportOrdersBody = Static<typeof ExportOrdersBody>;

/** The answer of `delivery: 'email'`: where the file went. A download answers the file itself. */
export const ExportEmailed = Type.Object({ emailed_to: Type.String() });
export type ExportEmailed = Static<typeof ExportEmailed>;
