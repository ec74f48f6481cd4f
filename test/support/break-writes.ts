/**
 * A write that fails on purpose (ADR 128's tests): every insert, update or delete on one table raises, as a full disk
 * or a lost connection would make it fail, until `heal` drops the trigger again. Works on PGlite and PostgreSQL.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../server/data/client';

export async function breakWrites(db: Db, table: string): Promise<{ heal(): Promise<void> }> {
  await db.execute(sql.raw(`create or replace function test_break_writes() returns trigger language plpgsql as $$
    begin raise exception 'writes to ${table} fail'; end $$`));
  await db.execute(sql.raw(`create trigger test_break_writes before insert or update or delete on ${table} for each row execute function test_break_writes()`));
  return {
    async heal() {
      await db.execute(sql.raw(`drop trigger test_break_writes on ${table}`));
      await db.execute(sql.raw('drop function test_break_writes()'));
    },
  };
}
