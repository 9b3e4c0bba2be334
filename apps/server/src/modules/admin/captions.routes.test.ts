import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';
import { ENTITY_DEFINITIONS, MODULE_ACTIVITY_ACTIONS, MODULE_ERROR_CODES } from '@atrium/domain';
import { captionSets } from '../../platform/captions';
import { SHELL_CAPTIONS } from './shell.captions';

const WEB_SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

// Literal caption keys in the SPA: t('a.b'), labelKey: 'a.b', titleKey…, errorText(t, 'code').
function keysUsedByTheSpa(): Set<string> {
  const keys = new Set<string>();
  const patterns = [/\bt\('([\w.]+)'/g, /(?:labelKey|titleKey|searchLabelKey|backLabelKey): '([\w.]+)'/g];
  for (const file of sourceFiles(WEB_SRC)) {
    const text = readFileSync(file, 'utf8');
    for (const re of patterns) for (const m of text.matchAll(re)) if (m[1]?.includes('.')) keys.add(m[1]);
    for (const m of text.matchAll(/errorText\(t, '(\w+)'\)/g)) keys.add(`errorCodes.${m[1]}`);
  }
  return keys;
}

describe('captions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves English by default and German for de-DE, without a session', async () => {
    const en = await t.client().get('/api/v1/admin/captions');
    expect(en.status).toBe(200);
    expect(en.body['common.cancel']).toBe('Cancel');
    const de = await t.client().get('/api/v1/admin/captions?culture=de-DE');
    expect(de.status).toBe(200);
    expect(de.body['common.cancel']).toBe('Abbrechen');
    expect(Object.keys(de.body).sort()).toEqual(Object.keys(en.body).sort());
  });

  it('falls back to English for an unknown culture', async () => {
    const res = await t.client().get('/api/v1/admin/captions?culture=fr-FR');
    expect(res.status).toBe(200);
    expect(res.body['common.save']).toBe('Save');
  });

  it('has German for every English caption of every set, with the same placeholders', () => {
    const vars = (s: string) => [...s.matchAll(/\{\{(\w+)(?:,[^}]*)?\}\}/g)].map((m) => m[1]).sort();
    expect(captionSets().length).toBeGreaterThanOrEqual(3);
    for (const set of captionSets()) {
      for (const [key, en] of Object.entries(set.en)) {
        const de = set.de[key];
        expect(de, key).toBeTruthy();
        expect(vars(de ?? ''), key).toEqual(vars(en));
      }
    }
  });

  it('is German, not English copied: only words both languages share may read the same', () => {
    // a caption left in English fails here unless its text is added on purpose
    const SAME_IN_BOTH = new Set([
      'OK',
      'Domain',
      'Helpdesk',
      'Name',
      'Status',
      'System',
      'Pro',
      'Filter {{n}}',
      // the helpdesk portal: German says Support and Spammer too
      'Support',
      'Spammer',
      // campaigns: a segment and its filter are German words too
      'Segment',
      'Filter',
      'Uploads',
      'Tags',
      'Text',
      'Suffix',
      'Option {{n}}',
      'Tooltip',
      'Workflows',
      'Website',
      'Details',
      // bookings: German books "Services" too
      'Services',
      // a plan's product name and colour names German writes the same way
      'Helpdesk Pro',
      'Cyan',
      'Gold',
      'Orange',
      'Magenta',
      'Indigo',
      // words German took over (record kinds, e-mail states, a lead source)
      'Lead',
      'Leads',
      'Team',
      'Teams',
      'Spam',
      'Partner',
      'Problem',
      'Version',
      'Workflow',
      // work management's words German uses too
      'Gantt',
      'Zoom',
      'Agenda',
      // a floor map's shape
      'Polygon',
      // the helpdesk's plural and a request's channel
      'Helpdesks',
      'Portal',
      // the embed codes' heading and a helpdesk's one, a link in the editor's toolbar
      'Widgets',
      'Helpdesk {{name}}',
      'Link',
      '{{plural}}',
    ]);
    // every part's set, wherever it sits
    const untranslated = captionSets().flatMap((set) =>
      Object.entries(set.en)
        .filter(([key, en]) => set.de[key] === en && !SAME_IN_BOTH.has(en))
        .map(([key]) => key),
    );
    expect(untranslated).toEqual([]);
    // and the served German is this German
    expect(SHELL_CAPTIONS.de['common.save']).toBe('Speichern');
  });

  it('has a caption for every key the web app uses', async () => {
    const en = (await t.client().get('/api/v1/admin/captions')).body as Record<string, string>;
    const plural = (k: string) => [`${k}_one`, `${k}_other`];
    const missing = [...keysUsedByTheSpa()].filter((k) => !(k in en) && !plural(k).every((p) => p in en));
    expect(missing).toEqual([]);
  });

  it('keeps each caption in one part’s set, so the merged set does not depend on the order parts register', () => {
    const seen = new Map<string, number>();
    for (const set of captionSets()) for (const key of Object.keys(set.en)) seen.set(key, (seen.get(key) ?? 0) + 1);
    expect([...seen].filter(([, n]) => n > 1).map(([key]) => key)).toEqual([]);
  });

  it('has every module’s activity action and error code declared (and so captioned) by a registered caption set', () => {
    const declared = new Set(captionSets().flatMap((set) => [...(set.activityActions ?? []), ...(set.errorCodes ?? [])]));
    expect([...MODULE_ACTIVITY_ACTIONS, ...MODULE_ERROR_CODES].filter((name) => !declared.has(name))).toEqual([]);
  });

  it('has a caption for every name, field, option and relation of every entity definition', async () => {
    const en = (await t.client().get('/api/v1/admin/captions')).body as Record<string, string>;
    const keys = ENTITY_DEFINITIONS.flatMap((d) => [
      `${d.captionKey}.singular`,
      `${d.captionKey}.plural`,
      ...Object.values(d.fields).flatMap((f) => [
        f.label,
        ...(f.optionLabels === 'values' ? [] : (f.options ?? []).map((o) => `${f.label}.${o}`)),
      ]),
      ...Object.values(d.relations).map((r) => r.label),
    ]);
    expect(keys.filter((k) => !(k in en))).toEqual([]);
  });
});
