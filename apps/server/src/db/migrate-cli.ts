import { loadConfig } from '../platform/config';
import { migrateDatabase, resolveDatabaseUrl } from '../platform/database';

// `npm run db:migrate`: applies migrations to DATABASE_URL, or to the embedded server.
const config = loadConfig();
const pg = await resolveDatabaseUrl(config, () => {});
try {
  await migrateDatabase(pg.url, config.migrationsDir);
  console.log('migrations applied');
} finally {
  await pg.stop();
}
