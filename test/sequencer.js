// Jest's order, with the two longest suites next after any that failed last time, even on a run
// with no timings of its own: Jest orders suites it has timed longest first, and the others by file
// size, and both of these are small files. On a clean clone the evaluation started 195 s in, and
// the run ended on it.
const Sequencer = require('@jest/test-sequencer').default;

/** The longest suites (about 4 minutes each beside the others), whatever their file's size. */
const LONGEST = ['test/e2e/app.int.spec.ts', 'libs/analysis/src/eval/eval.int.spec.ts'];

class LongestFirst extends Sequencer {
  sort(tests) {
    const rank = (test) => {
      // A suite that failed last time still comes first, as Jest's own order has it.
      if (this.hasFailed(test)) return -1;
      const at = LONGEST.findIndex((path) => test.path.endsWith(path));
      return at === -1 ? LONGEST.length : at;
    };
    // Array sort is stable: the rest keep Jest's own order.
    return [...super.sort(tests)].sort((a, b) => rank(a) - rank(b));
  }
}

module.exports = LongestFirst;
