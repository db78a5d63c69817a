// V8 flags for the test run's own processes (vitest and its workers; never the formctl processes the
// tests start, which run as users run them). A worker runs some 40 test files' worth of code a few
// times each, and V8's optimising compiler, which by default starts on a function after a few
// thousand calls, compiled code that then hardly ran: on two cores it took a tenth of the suite's
// CPU (perf: 8 s of its helper threads). Nine times the default threshold keeps the optimiser for
// the loops that run long (QR rendering and reading, the fuzzers): npm test 53-54 s -> 49 s on
// Node 20, 52 s -> 49 s on Node 24 (machine CPU 95 s -> 86 s and 93 s -> 90 s).
export function testJitFlags() {
  // V8 11 (Node 20) counts a budget of bytecode run; V8 12 and later (Node 22+) count calls
  return Number(process.versions.v8.split('.')[0]) < 12
    ? ['--interrupt-budget=1200000']
    : ['--invocation-count-for-turbofan=27000', '--invocation-count-for-maglev=3600'];
}
