import { readdirSync, readFileSync } from 'node:fs'

/** Adds up the reports in .test-reports (Vitest and Playwright JSON) into one closing line. */
let passed = 0
let failed = 0
for (const file of readdirSync('.test-reports').filter((f) => f.endsWith('.json'))) {
  const report = JSON.parse(readFileSync(`.test-reports/${file}`, 'utf8'))
  if (report.stats) {
    passed += report.stats.expected + report.stats.flaky
    failed += report.stats.unexpected
  } else {
    passed += report.numPassedTests
    failed += report.numFailedTests
  }
}
console.log(`\nTests: ${passed} passed, ${failed} failed`)
