const { TestEnvironment } = require('jest-environment-node');

const UNDICI_DISPATCHER = Symbol.for('undici.globalDispatcher.1');

/**
 * Jest's node environment, plus Node's own HTTP dispatcher on the sandbox's global: libraries
 * such as @google/genai look it up on globalThis by symbol, which jest's sandbox does not carry.
 */
class NodeEnvironment extends TestEnvironment {
  async setup() {
    await super.setup();
    new Headers(); // makes Node initialise its bundled undici and register the dispatcher
    if (globalThis[UNDICI_DISPATCHER] && !this.global[UNDICI_DISPATCHER]) {
      this.global[UNDICI_DISPATCHER] = globalThis[UNDICI_DISPATCHER];
    }
  }
}

module.exports = NodeEnvironment;
