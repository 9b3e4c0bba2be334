import type { Adapter, AdapterPayload } from 'oidc-provider';
import type pg from 'pg';

// oidc-provider's storage (sessions, interactions, codes, grants, refresh tokens…) in the
// identity.idp_payloads table, so every API node sees the same state and restarts lose nothing.
// Expired rows are invisible to find(); the hourly identity.expired-sessions job removes them.
export function createPostgresAdapterFactory(pool: pg.Pool): (model: string) => Adapter {
  return (model: string): Adapter => {
    const findBy = async (column: 'id' | 'uid' | 'user_code', value: string): Promise<AdapterPayload | undefined> => {
      const res = await pool.query<{ payload: AdapterPayload; consumed_at: Date | null }>(
        `select payload, consumed_at from identity.idp_payloads
         where model = $1 and ${column} = $2 and (expires_at is null or expires_at > now())
         limit 1`,
        [model, value],
      );
      const row = res.rows[0];
      if (!row) return undefined;
      return row.consumed_at ? { ...row.payload, consumed: Math.floor(row.consumed_at.getTime() / 1000) } : row.payload;
    };

    return {
      async upsert(id, payload, expiresIn) {
        await pool.query(
          `insert into identity.idp_payloads (model, id, payload, grant_id, user_code, uid, expires_at)
           values ($1, $2, $3, $4, $5, $6, case when $7::int is null then null else now() + make_interval(secs => $7::int) end)
           on conflict (model, id) do update set payload = excluded.payload, grant_id = excluded.grant_id,
             user_code = excluded.user_code, uid = excluded.uid, expires_at = excluded.expires_at`,
          [model, id, JSON.stringify(payload), payload.grantId ?? null, payload.userCode ?? null, payload.uid ?? null, expiresIn ?? null],
        );
      },
      find: (id) => findBy('id', id),
      findByUid: (uid) => findBy('uid', uid),
      findByUserCode: (userCode) => findBy('user_code', userCode),
      async consume(id) {
        await pool.query(`update identity.idp_payloads set consumed_at = now() where model = $1 and id = $2`, [model, id]);
      },
      async destroy(id) {
        await pool.query(`delete from identity.idp_payloads where model = $1 and id = $2`, [model, id]);
      },
      async revokeByGrantId(grantId) {
        // a grant's tokens live under several models; revoking the grant removes all of them
        await pool.query(`delete from identity.idp_payloads where grant_id = $1`, [grantId]);
      },
    };
  };
}
