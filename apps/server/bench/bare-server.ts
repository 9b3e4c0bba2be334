import Fastify from 'fastify';
import pg from 'pg';

// The bare stack (issue 28's baseline): Fastify and pg with nothing of the platform — no token,
// no tenant entry, no row-level security, no schemas — answering GET /contacts/:id with a
// prepared select of the contact row by primary key, as JSON. The bench loads it with the same
// generator as the API, so the ratio between them is what Atrium adds around one row.
// Reads DATABASE_URL and PORT from the environment; tells its parent "ready" once listening.
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const app = Fastify({ logger: false });

// (the workspace comes in X-Tenant-Id as the API's does: the row is read by its primary key)
app.get<{ Params: { id: string } }>('/contacts/:id', async (request, reply) => {
  const res = await pool.query({
    name: 'bare_contact_by_id',
    text: 'select * from contacts where tenant_id = $1 and id = $2',
    values: [request.headers['x-tenant-id'], request.params.id],
  });
  const row = res.rows[0];
  if (!row) return reply.status(404).send({ error: 'not found' });
  return row;
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('ready');
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => pool.end())
    .then(() => process.exit(0));
});
