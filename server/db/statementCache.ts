// Keeps SQLite's prepared statements: Kysely prepares every query afresh, and parsing and planning the
// same few hundred statements again on each request was about a tenth of a list request's CPU.
import type SQLite from 'better-sqlite3';
import type { SqliteDatabase } from 'kysely';

/** Distinct statements kept; the server issues a few hundred, bulk-sized inserts vary by row count. */
const MAX_STATEMENTS = 1000;

export function withStatementCache(file: SQLite.Database, maxStatements = MAX_STATEMENTS): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  return {
    close: () => file.close(),
    prepare(sqlText: string) {
      const kept = statements.get(sqlText);
      // A statement still being iterated (a streamed query) cannot run twice at once: prepare another.
      if (kept && !kept.busy) return kept;
      const statement = file.prepare(sqlText);
      if (!kept) {
        if (statements.size >= maxStatements) statements.delete(statements.keys().next().value as string);
        statements.set(sqlText, statement);
      }
      return statement;
    },
  };
}
