import { existsSync, readdirSync, readFileSync } from 'node:fs'

/**
 * Adds up the reports in .test-reports (Vitest and Playwright JSON) into one closing line, and exits 1 when any test
 * failed. A flaky test, one that failed before it passed, counts as failed (docs/decisions/0025).
 */
let passed = 0
let failed = 0
let flaky = 0
let skipped = 0
const reports = existsSync('.test-reports') ? readdirSync('.test-reports').filter((f) => f.endsWith('.json')) : []
for (const file of reports) {
  const report = JSON.parse(readFileSync(`.test-reports/${file}`, 'utf8'))
  if (report.stats) {
    passed += report.stats.expected
    failed += report.stats.unexpected + report.stats.flaky
    flaky += report.stats.flaky
    skipped += report.stats.skipped
  } else {
    passed += report.numPassedTests
    failed += report.numFailedTests
    skipped += report.numPendingTests + report.numTodoTests
  }
}
if (flaky) console.log(`\n${flaky} flaky: failed at first, then passed on a retry. A flaky test is a failing one.`)
console.log(`\nTests: ${passed} passed, ${failed} failed, ${skipped} skipped`)
if (failed) process.exitCode = 1
