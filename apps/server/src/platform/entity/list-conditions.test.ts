import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { allOf, anyOf, idIn, idListedIn, idNotIn } from './list-conditions.sql';

const dialect = new PgDialect();
const render = (c: Parameters<typeof dialect.sqlToQuery>[0]) => dialect.sqlToQuery(c);
const A = '5f0c6c5e-8a0b-4f43-9d39-1f2b7f3e9a10';

describe('list condition combinators', () => {
  it('picks and leaves out ids as one array parameter', () => {
    expect(render(idIn([A]))).toMatchObject({ sql: 't.id = any($1::uuid[])', params: [[A]] });
    expect(render(idNotIn([A]))).toMatchObject({ sql: 'not (t.id = any($1::uuid[]))', params: [[A]] });
  });
  it('an empty pick matches nothing, an empty exclusion everything', () => {
    expect(render(idIn([])).sql).toBe('false');
    expect(render(idNotIn([])).sql).toBe('true');
    expect(render(anyOf([])).sql).toBe('false');
    expect(render(allOf([])).sql).toBe('true');
  });
  it('brackets each part', () => {
    expect(render(allOf([anyOf([idIn([A]), idIn([])]), idNotIn([])])).sql).toBe('((((t.id = any($1::uuid[])) or (false))) and (true))');
  });
  it("lists the ids a module table holds under one owner, in the row's workspace", () => {
    expect(render(idListedIn('segment_members', 'segment_id', A, 'contact_id'))).toMatchObject({
      sql: 't.id in (select l."contact_id" from "segment_members" l where l.tenant_id = t.tenant_id and l."segment_id" = $1)',
      params: [A],
    });
  });
});
