import { sql } from 'drizzle-orm';
import type { Db } from './database';

export type WidgetSettingsRow = { origins: string[]; color: string | null; dark: boolean };

// The widgets' settings of the workspace a portal address names (the tenant register is global).
export async function widgetSettingsBySlug(db: Db, slug: string): Promise<WidgetSettingsRow | undefined> {
  const res = await db.execute<{ widget_origins: string[]; widget_color: string | null; widget_dark: boolean }>(
    sql`select widget_origins, widget_color, widget_dark from tenants where slug = ${slug}`,
  );
  const row = res.rows[0];
  return row ? { origins: row.widget_origins, color: row.widget_color, dark: row.widget_dark } : undefined;
}
