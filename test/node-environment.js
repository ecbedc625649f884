const { TestEnvironment } = require('jest-environment-node');

const UNDICI_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/**
 * Jest's node environment, plus Node's own HTTP dispatcher on the sandbox's global: libraries
 * such as @google/genai look it up on globalThis by symbol, which jest's sandbox does not carry.
 * Each test file gets a dispatcher of its own, closed with it: a response body a test never read
 * keeps its socket open, and with it the worker alive after its last test file ("a worker process
 * has failed to exit gracefully").
 */
class NodeEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    new Headers(); // makes Node initialise its bundled undici and register the dispatcher
    const shared = globalThis[UNDICI_DISPATCHER];
    if (shared) {
      this.sharedDispatcher = shared;
      this.dispatcher = new shared.constructor();
      globalThis[UNDICI_DISPATCHER] = this.dispatcher;
      this.global[UNDICI_DISPATCHER] = this.dispatcher;
    }
  }

  async teardown() {
    if (this.dispatcher) {
      globalThis[UNDICI_DISPATCHER] = this.sharedDispatcher;
      await this.dispatcher.destroy();
    }
    await super.teardown();
  }
}

module.exports = NodeEnvironment;
