// The "Scheduled time" cell as unix seconds, read as the vendor's local wall-clock time: a date
// cell, an Excel serial number (a date typed into an unformatted cell), or text such as
// "2026-11-23 14:30", "2026-11-23T14:30" or "23/11/2026 14:30" (Arabic-Indic digits accepted).
import { DateTimeFormatter, LocalDateTime, ResolverStyle } from '@js-joda/core';
import { zoneId } from '../../domain';
import type { UnixSeconds } from '../../domain/types';
import type { SheetCell } from './cellValue';

/** Excel's day 0 in the 1900 date system is 1899-12-30; 25569 is 1970-01-01. */
const EXCEL_EPOCH_SERIAL = 25_569;
const MS_PER_DAY = 86_400_000;
/** Serials a scheduled time can sensibly have (1970 to 2100). */
const SERIAL_RANGE = { min: EXCEL_EPOCH_SERIAL, max: 73_051 };

const TEXT_PATTERNS = ['uuuu-MM-dd HH:mm', 'uuuu-MM-dd HH:mm:ss', "uuuu-MM-dd'T'HH:mm", "uuuu-MM-dd'T'HH:mm:ss", 'd/M/uuuu H:mm', 'd/M/uuuu H:mm:ss']
  .map((pattern) => DateTimeFormatter.ofPattern(pattern).withResolverStyle(ResolverStyle.STRICT));

/** Arabic-Indic and Eastern Arabic-Indic digits to ASCII, so "٢٠٢٦-١١-٢٣ ١٤:٣٠" reads like its Latin twin. */
function asciiDigits(text: string): string {
  return text.replace(/[\u0660-\u0669\u06F0-\u06F9]/g, (digit) => String((digit.charCodeAt(0) & 0xf) % 10));
}

/** A Date whose UTC fields are the wall-clock time (how exceljs hands over date cells). */
function wallClockOf(date: Date): LocalDateTime {
  return LocalDateTime.of(date.getUTCFullYear(), date.getUTCMonth() + 1, date.getUTCDate(), date.getUTCHours(), date.getUTCMinutes(), date.getUTCSeconds());
}

function parseText(text: string): LocalDateTime | null {
  const normalised = asciiDigits(text.trim()).replace(/\s+/g, ' ');
  for (const formatter of TEXT_PATTERNS) {
    try {
      return LocalDateTime.parse(normalised, formatter);
    } catch {
      // try the next pattern
    }
  }
  return null;
}

/** Unix seconds, or null when the cell is not a date and time. */
export function parseScheduledTime(cell: SheetCell, timeZone: string): UnixSeconds | null {
  let local: LocalDateTime | null = null;
  if (cell.kind === 'date') local = wallClockOf(cell.date);
  else if (cell.kind === 'number' && cell.value >= SERIAL_RANGE.min && cell.value <= SERIAL_RANGE.max) {
    // Rounded to the second: serials carry binary fractions of a day.
    local = wallClockOf(new Date(Math.round(((cell.value - EXCEL_EPOCH_SERIAL) * MS_PER_DAY) / 1000) * 1000));
  } else if (cell.kind === 'text') local = parseText(cell.text);
  if (local === null) return null;
  return local.atZone(zoneId(timeZone)).toEpochSecond();
}
