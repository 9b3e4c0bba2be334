import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ rateLimit: { auth: 2, public: 3 } });
});
afterAll(async () => t.close());

describe('rate limits', () => {
  it('limits public routes per address and answers 429 problem+json', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await t.client().get('/api/v1/admin/invitations/some-token')).status);
    expect(statuses.slice(0, 3)).toEqual([200, 200, 200]);
    const limited = await t.client().get('/api/v1/admin/invitations/some-token');
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('rateLimited');
    expect(limited.headers['content-type']).toContain('application/problem+json');
  });

  it('limits authentication routes more tightly', async () => {
    const user = await t.createUser();
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) statuses.push((await t.client(user).post('/api/v1/admin/invitations/bad-token/accept')).status);
    expect(statuses).toEqual([400, 400, 429]);
  });
});
