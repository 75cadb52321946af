// server/bulk/xlsxGuard.ts on its own: the archive checks that run before any spreadsheet parser,
// with the zip bomb of issue 8 (a few hundred KB that unpack to ~147 MB), and the streaming reader
// behind it on corrupted input.
import { setTimeout as delay } from 'node:timers/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/errors';
import { readBulkSheet } from '../../server/bulk/readSheet';
import { inspectXlsx } from '../../server/bulk/xlsxGuard';
import { entriesOf, tamper, validRow, xlsx, zipBomb } from '../fixtures/bulk/workbooks';

/** Reads every row the sheet yields (the reader streams; nothing happens until it is consumed). */
async function readToEnd(rows: AsyncIterable<unknown>): Promise<void> {
  for await (const _row of rows) { /* read */ }
}

async function refusal(file: Buffer): Promise<string> {
  try {
    await inspectXlsx(file);
  } catch (error) {
    if (error instanceof ApiError) return error.key;
    throw error;
  }
  return 'accepted';
}

let honestBomb: Buffer;
let lyingBomb: Buffer;

beforeAll(async () => {
  honestBomb = await zipBomb(false);
  lyingBomb = await zipBomb(true);
}, 60_000);

describe('inspectXlsx', () => {
  it('accepts a workbook written by exceljs and reports the rows its merged ranges touch', async () => {
    const file = await xlsx([validRow(), validRow(), validRow(), validRow()], { merges: ['A3:A4', 'C2:D2'] });
    const inspection = await inspectXlsx(file);
    const merged = inspection.mergedRowsByPart.get('xl/worksheets/sheet1.xml');
    expect([1, 2, 3, 4, 5].filter((row) => merged?.has(row))).toEqual([2, 3, 4]);
  });

  it.each([
    ['the honest directory', () => honestBomb],
    ['a directory that understates the size', () => lyingBomb],
  ])('refuses a zip bomb with %s within 100 ms and without inflating it into memory', async (_name, bomb) => {
    const file = bomb();
    expect(file.length).toBeLessThan(5_242_880);
    const before = process.memoryUsage();
    const started = performance.now();
    const key = await refusal(file);
    const elapsedMs = performance.now() - started;
    const after = process.memoryUsage();
    expect(key).toBe('bulk-order-upload.file-too-large-unpacked');
    expect(elapsedMs).toBeLessThan(100);
    const grown = after.heapUsed + after.external + after.arrayBuffers - (before.heapUsed + before.external + before.arrayBuffers);
    expect(grown).toBeLessThan(10 * file.length);
  });

  it.each([
    ['a parent directory', '../evil.xml'],
    ['an absolute path', '/etc/evil.xml'],
    ['backslashes', 'xl\\evil.xml'],
    ['a drive letter', 'C:/evil.xml'],
  ])('refuses an entry name with %s', async (_name, entryName) => {
    expect(await refusal(await tamper(await xlsx([validRow()]), (e) => e.set(entryName, Buffer.from('<x/>'))))).toBe('bulk-order-upload.unsafe-file');
  });

  it('refuses an entity declaration split across inflated chunks', async () => {
    const padding = `<!-- ${'p'.repeat(70_000)} -->`;
    const file = await tamper(await xlsx([validRow()]), (e) => e.set('xl/styles.xml', Buffer.from(`<?xml version="1.0"?>${padding}<!ENTITY x "y"><styleSheet/>`)));
    expect(await refusal(file)).toBe('bulk-order-upload.unsafe-file');
  });

  it('refuses a file without the zip signature and an archive that is not a workbook', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7'))).toBe('bulk-order-upload.invalid-file-format');
    expect(await refusal(await tamper(await xlsx([validRow()]), (e) => e.delete('xl/workbook.xml')))).toBe('bulk-order-upload.invalid-file-format');
  });
});

describe('a corrupted workbook', () => {
  it('is either read or refused with a translation key, never a crash or a hang', async () => {
    const original = await xlsx([validRow(), validRow({ customerName: 'محمد العتيبي' })]);
    const entries = await entriesOf(original);
    const sheet = entries.get('xl/worksheets/sheet1.xml')?.toString('utf8') ?? '';
    const variants: Buffer[] = [];
    // Byte flips across the archive (headers, compressed data, directory).
    for (let i = 0; i < 60; i += 1) {
      const copy = Buffer.from(original);
      const at = (i * 7919) % copy.length;
      copy[at] = (copy[at] ?? 0) ^ 0xff;
      variants.push(copy);
    }
    // Well-zipped but broken XML: truncated, unbalanced, cells without references.
    for (const broken of [sheet.slice(0, sheet.length / 2), sheet.replace('</sheetData>', ''), sheet.replaceAll(/ r="[A-Z]+\d+"/g, ''), '<worksheet/>', 'not xml at all']) {
      variants.push(await tamper(original, (e) => e.set('xl/worksheets/sheet1.xml', Buffer.from(broken))));
    }
    for (const variant of variants) {
      // The 5 s guard is cancelled once the file is read or refused: it is a ceiling, not a wait.
      const guard = new AbortController();
      const outcome = await Promise.race([
        inspectXlsx(variant).then((inspection) => readToEnd(readBulkSheet(variant, inspection))).then(() => 'read', (error: unknown) => (error instanceof ApiError && error.status < 500 ? 'refused' : error)),
        delay(5000, 'hang', { signal: guard.signal }).catch(() => 'cancelled'),
      ]);
      guard.abort();
      expect(['read', 'refused']).toContain(outcome);
    }
  }, 120_000);
});
