// Sums the Vitest and Playwright JSON reports of a CI run into one "N passed, N failed" line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, ...codes] = process.argv.slice(2);
let passed = 0;
let failed = 0;
for (const name of existsSync(dir) ? readdirSync(dir) : []) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  if (name.startsWith('vitest-')) {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
  } else if (name.startsWith('playwright')) {
    passed += report.stats?.expected ?? 0;
    failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
    if ((report.errors ?? []).length > 0 && !report.stats?.expected) failed += 1;
  }
}
// A suite that failed before its tests ran (import error) counts as one failure; a step that
// failed with no test report at all (type check, lint, build) counts as one too.
function countSuitesWithFailedTests(report) {
  return (report.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).some((a) => a.status === 'failed'))
    .length;
}
const nonZero = codes.filter((c) => c !== '0').length;
if (nonZero > 0 && failed === 0) failed = nonZero;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || nonZero > 0 ? 1 : 0);
