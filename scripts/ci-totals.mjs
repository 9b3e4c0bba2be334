// Sums the Vitest and Playwright JSON reports of a CI run into one "N passed, N failed" line.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const [dir, ...codes] = process.argv.slice(2);
let passed = 0;
let failed = 0;
// the names of failed tests, printed above the totals so that the tail of the log says what failed
const failures = [];
// the reports are the .json files; the suites' kept output (*.log) sits beside them
for (const name of existsSync(dir) ? readdirSync(dir).filter((n) => n.endsWith('.json')) : []) {
  const report = JSON.parse(readFileSync(path.join(dir, name), 'utf8'));
  if (name.startsWith('vitest-')) {
    passed += report.numPassedTests ?? 0;
    failed += (report.numFailedTests ?? 0) + (report.numFailedTestSuites ?? 0) - countSuitesWithFailedTests(report);
    for (const suite of report.testResults ?? []) {
      const file = path.relative(process.cwd(), suite.name ?? '');
      const failedTests = (suite.assertionResults ?? []).filter((a) => a.status === 'failed');
      if (suite.status === 'failed' && failedTests.length === 0) failures.push(`${name}: ${file}: ${firstLine(suite.message)}`);
      for (const t of failedTests) {
        failures.push(`${name}: ${file} › ${t.fullName}: ${firstLine(t.failureMessages?.[0])}`);
        const location = t.location ? { file, line: t.location.line } : undefined;
        failures.push(...errorDetail({ message: t.failureMessages?.[0], location }, firstLine(t.failureMessages?.[0])));
      }
    }
  } else if (name.startsWith('deploy-')) {
    // the deployment checks: the built server started as the README says (.ci/run)
    passed += report.passed;
    failed += report.failed;
    if (report.failure) failures.push(`${report.name}: ${firstLine(report.failure)}`);
  } else if (name.startsWith('playwright')) {
    passed += report.stats?.expected ?? 0;
    failed += (report.stats?.unexpected ?? 0) + (report.stats?.flaky ?? 0);
    if ((report.errors ?? []).length > 0 && !report.stats?.expected) failed += 1;
    collectPlaywright(report.suites ?? [], []);
    for (const e of report.errors ?? []) failures.push(`playwright: ${firstLine(e.message)}`);
  }
}
// A suite that failed before its tests ran (import error) counts as one failure; a step that
// failed with no test report at all (type check, lint, build) counts as one too.
function countSuitesWithFailedTests(report) {
  return (report.testResults ?? []).filter((s) => s.status === 'failed' && (s.assertionResults ?? []).some((a) => a.status === 'failed'))
    .length;
}
function collectPlaywright(suites, titles) {
  for (const suite of suites) {
    const here = suite.title ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'expected' || test.status === 'skipped') continue;
        const last = test.results?.at(-1);
        failures.push(`playwright (${test.status}): ${[...here, spec.title].join(' › ')}: ${firstLine(last?.error?.message)}`);
        // where and why: each error's location and its first lines (the locator, expected and
        // received, the action that was waiting when a timeout struck), so that a failure on
        // another machine can be understood from the end of the log alone
        for (const error of last?.errors ?? []) failures.push(...errorDetail(error, firstLine(last?.error?.message)));
      }
    }
    collectPlaywright(suite.suites ?? [], here);
  }
}
// the first line is left out where the failure's line above already says it
function errorDetail(error, said = '') {
  const lines = plain(error.message)
    .split('\n')
    .map((l) => l.trimEnd())
    .filter((l) => l.trim() !== '')
    .filter((l, i) => i > 0 || l.trim() !== said)
    .slice(0, 8)
    .map((l) => `    ${l.slice(0, 200)}`);
  const at = error.location ? `  at ${path.basename(error.location.file)}:${error.location.line}` : '  at (no location)';
  return [at, ...lines];
}
function plain(text) {
  // eslint-disable-next-line no-control-regex
  return String(text ?? '').replace(/\u001b\[[0-9;]*m/g, '');
}
function firstLine(text) {
  return (
    plain(text)
      .split('\n')
      .find((l) => l.trim() !== '')
      ?.trim()
      .slice(0, 300) ?? ''
  );
}
if (failures.length > 0) {
  console.log('== failed tests');
  for (const f of failures) console.log(f);
}
const nonZero = codes.filter((c) => c !== '0').length;
if (nonZero > 0 && failed === 0) failed = nonZero;
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || nonZero > 0 ? 1 : 0);
