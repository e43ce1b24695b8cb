// Sums the vitest JSON reports (`packages/*/.reports/vitest.json`) into passed/failed/skipped counts.
// A report that is missing or unreadable for a package that has tests counts as one failure. Skipped tests (those
// whose service could not be installed, say: each prints why) are counted apart, never as passed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/** @returns {{passed: number, failed: number, skipped: number, packages: Array<{name: string, passed: number, failed: number, skipped: number}>}} */
export function countTests(root) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const packages = [];
  const pkgRoot = path.join(root, 'packages');
  for (const name of readdirSync(pkgRoot).sort()) {
    const report = path.join(pkgRoot, name, '.reports', 'vitest.json');
    if (!existsSync(report)) {
      if (hasTests(path.join(pkgRoot, name))) {
        failed += 1;
        packages.push({ name, passed: 0, failed: 1, skipped: 0 });
      }
      continue;
    }
    const c = countReport(report);
    passed += c.passed;
    failed += c.failed;
    skipped += c.skipped;
    packages.push({ name, ...c });
  }
  return { passed, failed, skipped, packages };
}

/**
 * The counts of one vitest JSON report; a missing or unreadable report is one failure.
 * @returns {{passed: number, failed: number, skipped: number}}
 */
export function countReport(report) {
  try {
    const r = JSON.parse(readFileSync(report, 'utf8'));
    return {
      passed: r.numPassedTests ?? 0,
      // a test file that failed without a failing test (it failed to load) counts as one failure
      failed: (r.numFailedTests ?? 0) + countFilesFailedWithoutTests(r),
      skipped: (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0),
    };
  } catch {
    return { passed: 0, failed: 1, skipped: 0 };
  }
}

/** The closing line: `N passed, N failed`, then `, N skipped` when any test was skipped. */
export function summaryLine({ passed, failed, skipped }) {
  return `${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`;
}

function countFilesFailedWithoutTests(report) {
  return (report.testResults ?? []).filter((file) => file.status === 'failed' && !(file.assertionResults ?? []).some((a) => a.status === 'failed')).length;
}

function hasTests(dir) {
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'node_modules' || e.name === 'dist' || e.name.startsWith('.')) continue;
      const full = path.join(d, e.name);
      if (e.isDirectory() ? walk(full) : e.name.endsWith('.test.ts')) return true;
    }
    return false;
  };
  return walk(dir);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const counts = countTests(path.resolve(process.argv[2] ?? '.'));
  for (const p of counts.packages) console.error(`  ${p.name}: ${summaryLine(p)}`);
  console.log(summaryLine(counts));
}
