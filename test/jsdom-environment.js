/**
 * jsdom for the web components, with the few platform globals a browser has and jsdom lacks
 * (react-router encodes URLs with TextEncoder; tests answer requests with Response).
 */
const { TestEnvironment } = require('jest-environment-jsdom');

class WebEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    for (const name of ['TextEncoder', 'TextDecoder', 'structuredClone', 'Response', 'Request', 'Headers']) {
      if (this.global[name] === undefined) this.global[name] = globalThis[name];
    }
  }
}

module.exports = WebEnvironment;
