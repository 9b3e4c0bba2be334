import PgBoss from 'pg-boss';

// pg-boss keeps its tables in this schema, owned by the migration user; the request role has
// no privilege on it (decision 041).
export const JOB_QUEUE_SCHEMA = 'pgboss';

// Installs or upgrades pg-boss's schema; called with the migrations, under their lock.
export async function installJobQueue(url: string): Promise<void> {
  const boss = new PgBoss({ connectionString: url, schema: JOB_QUEUE_SCHEMA, max: 1, supervise: false, schedule: false, migrate: true });
  boss.on('error', () => {});
  await boss.start();
  await boss.stop({ graceful: false, wait: true });
}
