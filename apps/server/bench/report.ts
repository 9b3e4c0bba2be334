import { execFile } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from '../src/platform/config';

const run = promisify(execFile);

// Puts one bench's section (between `<!-- marker:start -->` and `<!-- marker:end -->`, which the
// section carries) into docs/benchmarks.md, replacing the last run's or appended; formatted as the
// repository's formatter wants it. BENCH_NO_WRITE leaves the file alone.
export async function writeBenchSection(marker: string, section: string, log: (line: string) => void): Promise<void> {
  if (process.env.BENCH_NO_WRITE) return;
  const file = path.join(REPO_ROOT, 'docs/benchmarks.md');
  const current = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const pattern = new RegExp(`<!-- ${marker}:start -->[\\s\\S]*<!-- ${marker}:end -->`);
  const next = pattern.test(current) ? current.replace(pattern, () => section) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync(file, next);
  await run(path.join(REPO_ROOT, 'node_modules/.bin/prettier'), ['--write', '--log-level', 'warn', file]).catch(() => {});
  log(`wrote ${path.relative(REPO_ROOT, file)}`);
}
