// The SQLite statement cache hands back the prepared statement for a repeated query, and a fresh one
// while the kept statement is still being iterated (a streamed query inside another).
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { withStatementCache } from '../../server/db/statementCache';

function database() {
  const file = new SQLite(':memory:');
  file.exec('create table t (n integer)');
  file.exec('insert into t values (1), (2), (3)');
  return file;
}

describe('withStatementCache', () => {
  it('reuses the statement of a repeated query', () => {
    const cached = withStatementCache(database());
    expect(cached.prepare('select n from t')).toBe(cached.prepare('select n from t'));
    expect(cached.prepare('select n from t')).not.toBe(cached.prepare('select n from t where n > 1'));
  });

  it('prepares another statement while the kept one is iterating', () => {
    const cached = withStatementCache(database());
    const seen: number[] = [];
    for (const row of cached.prepare('select n from t').iterate([]) as Iterable<{ n: number }>) {
      const inner = cached.prepare('select n from t').all([]) as { n: number }[];
      seen.push(row.n * 10 + inner.length);
    }
    expect(seen).toEqual([13, 23, 33]);
  });

  it('forgets the oldest statement beyond its size', () => {
    const cached = withStatementCache(database(), 2);
    const first = cached.prepare('select 1');
    cached.prepare('select 2');
    cached.prepare('select 3');
    expect(cached.prepare('select 1')).not.toBe(first);
  });
});
