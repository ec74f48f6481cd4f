/**
 * Statements the busiest reads send many times a second, built once per database and kept (ADR 197). drizzle builds a
 * query's text anew on every call (a quarter of the server's CPU for a member's notifications), and PostgreSQL parses
 * and plans an unnamed statement anew on every call (0.8 ms of planning for 0.26 ms of execution there). A prepared
 * statement is built once in this process; on PostgreSQL it is named, so each pooled connection parses it once and
 * PostgreSQL may keep its plan. PGlite runs the same text, without the name.
 *
 * A name is sent with one text only (node-postgres refuses a second text under a name a connection already holds):
 * each `preparedOnce` is given its own name, and builds its statement from placeholders, never from a caller's values.
 */
import type { Db, Tx } from './client';

type Reader = Db | Tx;

/**
 * `build`'s statement for a database (or transaction), made on first use and kept as long as that object lives.
 * `build` must put every value in through `sql.placeholder`, and call `.prepare(name)` with a name no other statement
 * uses.
 */
export function preparedOnce<T>(build: (db: Reader) => T): (db: Reader) => T {
  const kept = new WeakMap<Reader, T>();
  return (db) => {
    let statement = kept.get(db);
    if (statement === undefined) {
      statement = build(db);
      kept.set(db, statement);
    }
    return statement;
  };
}
