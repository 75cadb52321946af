// A prepared query is compiled once and answers each call with that call's values, keeping the
// constants written into it; each database gets its own compilation, which its transactions share.
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/connect';
import { preparedQuery } from '../../server/db/preparedQuery';

function database(rows: [string, string, number][]): Db {
  const file = new SQLite(':memory:');
  file.exec('create table vendors (vendor_id text, country_code text, is_active integer)');
  const insert = file.prepare('insert into vendors values (?, ?, ?)');
  for (const row of rows) insert.run(...row);
  return new Kysely({ dialect: new SqliteDialect({ database: file }) }) as unknown as Db;
}

const ROWS: [string, string, number][] = [['a', 'SA', 1], ['b', 'SA', 0], ['c', 'KW', 1]];

describe('preparedQuery', () => {
  let builds = 0;
  const activeInCountry = preparedQuery<{ country: string }, { vendor_id: string }>((db, value) => {
    builds++;
    return db.selectFrom('vendors').select('vendor_id').where('country_code', '=', value('country')).where('is_active', '=', 1).orderBy('vendor_id');
  });

  it('fills in each call values, keeps the constants and compiles once per database', async () => {
    const db = database(ROWS);
    expect(await activeInCountry(db, { country: 'SA' })).toEqual([{ vendor_id: 'a' }]);
    expect(await activeInCountry(db, { country: 'KW' })).toEqual([{ vendor_id: 'c' }]);
    expect(await activeInCountry(db, { country: 'AE' })).toEqual([]);
    expect(builds).toBe(1);
    const other = database([['z', 'SA', 1]]);
    expect(await activeInCountry(other, { country: 'SA' })).toEqual([{ vendor_id: 'z' }]);
    expect(builds).toBe(2);
  });

  it('runs inside a transaction on that transaction, with the text compiled for its database', async () => {
    let compiles = 0;
    const namesOf = preparedQuery<{ country: string }, { vendor_id: string }>((db, value) => {
      compiles++;
      return db.selectFrom('vendors').select('vendor_id').where('country_code', '=', value('country')).orderBy('vendor_id');
    });
    const db = database(ROWS);
    expect(await namesOf(db, { country: 'SA' })).toEqual([{ vendor_id: 'a' }, { vendor_id: 'b' }]);
    // A row inserted by the transaction is seen by the prepared query run on it, and gone after the rollback.
    await expect(db.transaction().execute(async (trx) => {
      await trx.insertInto('vendors').values({ vendor_id: 'd', country_code: 'SA', is_active: 1 } as never).execute();
      expect(await namesOf(trx, { country: 'SA' })).toEqual([{ vendor_id: 'a' }, { vendor_id: 'b' }, { vendor_id: 'd' }]);
      throw new Error('roll back');
    })).rejects.toThrow('roll back');
    expect(await namesOf(db, { country: 'SA' })).toEqual([{ vendor_id: 'a' }, { vendor_id: 'b' }]);
    expect(compiles).toBe(1);
  });

  it('uses a placeholder as often as the query names it', async () => {
    const either = preparedQuery<{ id: string }, { vendor_id: string }>((db, value) =>
      db.selectFrom('vendors').select('vendor_id').where((eb) => eb.or([eb('vendor_id', '=', value('id')), eb('country_code', '=', value('id'))])).orderBy('vendor_id'));
    const db = database(ROWS);
    expect(await either(db, { id: 'b' })).toEqual([{ vendor_id: 'b' }]);
    expect(await either(db, { id: 'KW' })).toEqual([{ vendor_id: 'c' }]);
  });
});
