import pg from 'pg';

// A statement on the server's database, for what a person cannot do in a browser test: let a day
// pass (back-date a row). Everything else goes through the page or the API.
export async function databaseSql(text: string, values: unknown[] = []): Promise<Record<string, unknown>[]> {
  const url = process.env.E2E_DATABASE_URL;
  if (!url) throw new Error('E2E_DATABASE_URL is set by the global setup');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows as Record<string, unknown>[];
  } finally {
    await client.end();
  }
}
