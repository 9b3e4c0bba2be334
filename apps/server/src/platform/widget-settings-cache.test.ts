import { describe, expect, it } from 'vitest';
import type { Db } from './database';
import { forgetWidgetSettings, frameAncestorsOf, portalWorkspaceOf, WIDGET_SETTINGS_TTL_MS, widgetSettingsOf } from './widgets';

// A stand-in connection whose tenants row can be changed "on another node" between reads.
function fakeDb() {
  const state = { origins: ['https://a.example'], reads: 0, fail: false };
  const db = {
    execute: async () => {
      state.reads += 1;
      if (state.fail) throw new Error('database away');
      return { rows: [{ widget_origins: state.origins, widget_color: null, widget_dark: false }] };
    },
  } as unknown as Db;
  return { db, state };
}

describe('the widget settings cache (decision 098)', () => {
  it('reads a workspace once per few seconds, and at once after the saving node forgets it', async () => {
    const { db, state } = fakeDb();
    const t0 = 1_000_000;
    expect((await widgetSettingsOf(db, 'acme', t0)).origins).toEqual(['https://a.example']);
    state.origins = ['https://b.example'];
    // another node saved: this one keeps its copy for a few seconds, without reading again
    expect((await widgetSettingsOf(db, 'acme', t0 + 1_000)).origins).toEqual(['https://a.example']);
    expect(state.reads).toBe(1);
    expect((await widgetSettingsOf(db, 'acme', t0 + WIDGET_SETTINGS_TTL_MS)).origins).toEqual(['https://b.example']);
    expect(state.reads).toBe(2);
    // this node saved: at once
    state.origins = [];
    forgetWidgetSettings(db, 'acme');
    expect((await widgetSettingsOf(db, 'acme', t0 + WIDGET_SETTINGS_TTL_MS + 1)).origins).toEqual([]);
  });

  it('does not remember a failed read', async () => {
    const { db, state } = fakeDb();
    state.fail = true;
    await expect(widgetSettingsOf(db, 'acme', 5)).rejects.toThrow('database away');
    state.fail = false;
    expect((await widgetSettingsOf(db, 'acme', 6)).origins).toEqual(['https://a.example']);
  });

  it('names the frame ancestors of a portal address: the listed sites, or any site', async () => {
    const { db, state } = fakeDb();
    expect(portalWorkspaceOf('/portal/acme/book/rooms?embed=1')).toBe('acme');
    expect(portalWorkspaceOf('/portal/%E0%A4%A/x?embed=1')).toBeUndefined();
    expect(await frameAncestorsOf(db, '/portal/acme/book/rooms?embed=1')).toEqual(['https://a.example']);
    state.origins = [];
    expect(await frameAncestorsOf(db, '/portal/other/support?embed=1')).toEqual(['*']);
  });
});
