import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

// Icons by name: a definition (web.icon) or the shell's navigation names any component of
// @ant-design/icons, e.g. 'ContactsOutlined'. This module maps exactly the names written in the
// sources to their components, so a new kind edits no map and the bundle holds only the icons
// in use (importing the whole set would put ~1,700 icons in the workspace frame's chunk).
const ID = 'virtual:named-icons';
const RESOLVED = `\0${ID}`;
const NAMED = /\bicon:\s*'([A-Z][A-Za-z0-9]*(?:Outlined|Filled|TwoTone))'/g;
const repoRoot = path.resolve(import.meta.dirname, '../..');
const SOURCES = ['packages/domain/src/modules', 'apps/web/src'].map((dir) => path.join(repoRoot, dir));
const iconsDir = path.join(path.dirname(createRequire(import.meta.url).resolve('@ant-design/icons')), 'icons');

function* sourceFiles(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) yield* sourceFiles(p);
    else if (/\.tsx?$/.test(name)) yield p;
  }
}

export function namedIconsPlugin(): Plugin {
  return {
    name: 'atrium-named-icons',
    resolveId: (source) => (source === ID ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const names = new Set<string>();
      for (const file of SOURCES.flatMap((dir) => [...sourceFiles(dir)])) {
        this.addWatchFile(file);
        for (const [, name = ''] of readFileSync(file, 'utf8').matchAll(NAMED)) {
          if (!existsSync(path.join(iconsDir, `${name}.js`)))
            this.error(`${path.relative(repoRoot, file)}: '${name}' is not an icon of @ant-design/icons`);
          names.add(name);
        }
      }
      const list = [...names].sort();
      return `import { ${list.join(', ')} } from '@ant-design/icons';\nexport const NAMED_ICONS = { ${list.join(', ')} };\n`;
    },
  };
}
