// node:test reporter that prints only the closing `N passed, N failed[, N skipped]` line CI reads.
// Suites are not counted, only the tests in them; a file that fails outside any test counts as one failure.
export default async function* summaryReporter(source) {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    if (event.type !== "test:pass" && event.type !== "test:fail") continue;
    const { details, skip, todo } = event.data;
    const isSuite = details?.type === "suite";
    if (event.type === "test:pass" && !isSuite) {
      if (skip || todo) skipped++;
      else passed++;
    }
    if (event.type === "test:fail" && (!isSuite || details?.error?.failureType !== "subtestsFailed")) failed++;
  }
  yield `\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}\n`;
}
