import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/platform/config';
// @ts-expect-error: a plain .mjs script without types; the function returns the problems found
import { checkBoundaries } from '../../../../scripts/check-boundaries.mjs';

// The boundary check (npm run lint) is a test subject itself: fed one forbidden import at a
// time, it must name it; fed the allowed shape, it must stay quiet.
const check = checkBoundaries as (root: string) => string[];
let root: string;

function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(os.tmpdir(), 'atrium-boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

const FORBIDDEN: [string, Record<string, string>, RegExp][] = [
  ['the ORM in a service', { 'apps/server/src/modules/crm/deals.service.ts': "import { eq } from 'drizzle-orm';" }, /ORM/],
  ['the ORM in a route file', { 'apps/server/src/modules/admin/roles.routes.ts': "import { sql } from 'drizzle-orm/sql';" }, /ORM/],
  ['the ORM in identity outside a repository', { 'apps/server/src/identity/keys.ts': "import { eq } from 'drizzle-orm';" }, /ORM/],
  [
    'the ORM in a platform service',
    { 'apps/server/src/platform/entity/entity-board.service.ts': "import { sql } from 'drizzle-orm';" },
    /ORM/,
  ],
  [
    'a Drizzle type in platform code that is not db code',
    { 'apps/server/src/platform/entity/entity-routes.ts': "import type { PgTable } from 'drizzle-orm/pg-core';" },
    /ORM/,
  ],
  ['a *.sql.ts query builder in a module', { 'apps/server/src/modules/crm/deals.sql.ts': "import { sql } from 'drizzle-orm';" }, /ORM/],
  [
    'the entity engine past its door',
    { 'apps/server/src/modules/core/notes.service.ts': "import { recordActivities } from '../../platform/entity/activity.service';" },
    /platform\/entity only through its index/,
  ],
  [
    'the identity module past its door',
    { 'apps/server/src/modules/core/profile.repository.ts': "import { users } from '../../identity/identity.table';" },
    /identity only through its index/,
  ],
  [
    'a web module importing the app shell',
    { 'apps/web/src/modules/landing/landing.page.tsx': "import { BareLayout } from '../../app/layouts/bare-layout';" },
    /app shell/,
  ],
  [
    'another module past its door',
    { 'apps/server/src/modules/crm/contacts.routes.ts': "import { tagsService } from '../core/tags.service';" },
    /only through its index/,
  ],
  [
    'the platform importing a module',
    { 'apps/server/src/platform/router.ts': "import { registerCrmModule } from '../modules/crm';" },
    /never imports a module/,
  ],
  ['the domain importing a library', { 'packages/domain/src/enums.ts': "import dayjs from 'dayjs';" }, /zod only/],
  [
    'the web app importing the server',
    { 'apps/web/src/platform/api/api-client.ts': "import { Router } from '../../../../server/src/platform/router';" },
    /never imports the server/,
  ],
  [
    "a table importing the identity module's table past its door",
    { 'apps/server/src/modules/admin/admin.table.ts': "import { users } from '../../identity/identity.table';" },
    /identity only through its index/,
  ],
  [
    'a route importing a repository',
    { 'apps/server/src/modules/core/profile.routes.ts': "import { profileRow } from './profile.repository';" },
    /never imports a repository/,
  ],
  [
    'an import cycle made of type-only imports',
    {
      'apps/server/src/platform/router.ts': "import { registry } from './entity/registry';",
      'apps/server/src/platform/entity/registry.ts': "import type { Router } from '../router';",
    },
    /import cycle/,
  ],
  [
    'two web platform folders importing each other through different files',
    {
      'apps/web/src/platform/entity/record.page.tsx': "import { MailActions } from '../mail/mail-actions';",
      'apps/web/src/platform/mail/mail.api.ts': "import { activityKeys } from '../entity/activity.api';",
      'apps/web/src/platform/entity/activity.api.ts': 'export const activityKeys = {};',
      'apps/web/src/platform/mail/mail-actions.tsx': 'export const MailActions = null;',
    },
    /web platform folders import each other — entity ↔ mail/,
  ],
  [
    'the platform naming an entity kind',
    {
      'packages/domain/src/modules/shop/order.entity.ts': "export const orderEntity = defineEntity({\n  kind: 'Order',\n});",
      'apps/server/src/platform/entity/entity-core.routes.ts': "export const example = { entity: 'Order' };",
    },
    /names the kind 'Order'/,
  ],
  [
    'the platform naming a field of a kind',
    {
      'packages/domain/src/modules/shop/order.entity.ts': 'export const fieldsOf = {\n  deliveryDate: fields.date(),\n};',
      'apps/server/src/platform/import-export/column-match.util.ts': "const SYNONYMS = { deliveryDate: ['delivery', 'liefertermin'] };",
    },
    /names 'deliveryDate', a field of a kind/,
  ],
  [
    'the app shell naming a module caption',
    {
      'apps/web/src/modules/shop/shop.page.tsx': 'export const ShopPage = null;',
      'apps/web/src/app/layouts/app-layout.tsx': "const label = t('shop.checkout');",
    },
    /caption 'shop.checkout' of the shop module/,
  ],
];

describe('the boundary check', () => {
  it.each(FORBIDDEN)('fails on %s', (_label, files, why) => {
    const problems = check(tree(files));
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(why);
  });

  it('accepts the allowed shapes', () => {
    const problems = check(
      tree({
        'apps/server/src/modules/crm/deals.repository.ts': "import { eq } from 'drizzle-orm';",
        'apps/server/src/modules/crm/deals.table.ts':
          "import { entityColumns } from '../../platform/entity';\nimport { users } from '../../identity';",
        'apps/server/src/modules/crm/deals.service.ts':
          "import { recordActivities } from '../../platform/entity';\nimport { users } from '../../identity';",
        'apps/server/src/modules/crm/deals.routes.ts': "import { tagsService } from '../core';",
        'apps/server/src/modules/crm/deals.routes.test.ts': "import { sql } from 'drizzle-orm';",
        // the platform's db code: *.sql.ts and the listed files (the connection, the engine's query builders)
        'apps/server/src/platform/entity/board-totals.sql.ts': "import { sql, type SQL } from 'drizzle-orm';",
        'apps/server/src/platform/entity/list-query.ts': "import { sql } from 'drizzle-orm';",
        'apps/server/src/platform/database.ts': "import { drizzle } from 'drizzle-orm/node-postgres';",
        'apps/server/src/platform/jobs/jobs.repository.ts': "import { eq } from 'drizzle-orm';",
        'apps/web/src/modules/landing/landing.page.tsx': "import { BareLayout } from '../../platform/layouts/bare-layout';",
        // a comment may name a kind, a one-word field key is everyone's, a layer imports the one below
        'packages/domain/src/modules/shop/order.entity.ts': "  kind: 'Order',\n  name: fields.text(),\n  deliveryDate: fields.date(),",
        'apps/server/src/platform/entity/entity-routes.ts': "// 'Order' → order / orders\nconst key = 'name';",
        'apps/web/src/platform/entity-pages/record.page.tsx': "import { MailActions } from '../mail/mail-actions';",
        'apps/web/src/platform/mail/mail-actions.tsx': "import { activityKeys } from '../entity/activity.api';",
        'apps/web/src/platform/entity/activity.api.ts': 'export const activityKeys = {};',
      }),
    );
    expect(problems).toEqual([]);
  });

  it('finds nothing in this repository', () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'atrium-boundaries-'));
    expect(check(REPO_ROOT)).toEqual([]);
  });
});
