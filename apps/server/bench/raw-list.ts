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

// BENCH_EXPLAIN: the plans of the statements a list call runs, as the API runs them — the app's
// role, the tenant set, row-level security on — on the bench's owner connection.
export async function explainListStatements(
  db: pg.Client,
  tenantId: string,
  ent: RegisteredEntity,
  compiled: CompiledListQuery,
  log: (line: string) => void,
  label = 'list',
): Promise<void> {
  await db.query('begin');
  try {
    await db.query('set local role atrium_app');
    await db.query(`select set_config('app.tenant_id', $1, true)`, [tenantId]);
    await listStatements(ent, compiled, async (statement) => {
      const q = dialect.sqlToQuery(statement);
      const plan = await db.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${q.sql}`, q.params as unknown[]);
      log(`--- ${label}: ${q.sql}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}`);
      return (await db.query<Record<string, unknown>>(q.sql, q.params as unknown[])).rows;
    });
  } finally {
    await db.query('rollback');
  }
}
