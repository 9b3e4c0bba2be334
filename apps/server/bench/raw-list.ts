import type { Query } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { RegisteredEntity } from '../src/platform/entity/entity-registry';
import { listStatements } from '../src/platform/entity/entity.repository';
import type { CompiledListQuery } from '../src/platform/entity/list-query';

const dialect = new PgDialect();

// A list call's raw SQL baseline: the statements the API runs for it, in the API's order, on a
// client of the bench's own, each rendered to text once (the same text every call).
export function rawListStatements(ent: RegisteredEntity, compiled: CompiledListQuery): (on: pg.Client) => Promise<void> {
  const rendered: Query[] = [];
  return async (on) => {
    let i = 0;
    await listStatements(ent, compiled, async (statement) => {
      const q = (rendered[i] ??= dialect.sqlToQuery(statement));
      i++;
      return (await on.query<Record<string, unknown>>(q.sql, q.params as unknown[])).rows;
    });
  };
}
