// mocha's configuration for the unit tier (`npm run test:unit`).
// In CI a focused test (`.only`) fails the run instead of silently skipping the rest.
module.exports = {
  spec: ['out/test/unit/**/*.test.js'],
  // Makes `require('vscode')` return the plain-Node shim for every test, reset after each (test/support/vscodeShimHooks.ts);
  // fails the tier, naming it, when a test leaves a timer, server, process or socket open (test/support/leakCheck.ts).
  require: ['out/test/support/vscodeShimHooks.js', 'out/test/support/leakCheck.js'],
  // gc() for the soak's memory samples (test/unit/services/soak.test.ts).
  'node-option': ['expose-gc'],
  timeout: 20000,
  reporter: 'spec',
  exit: false,
  forbidOnly: !!process.env.CI,
};
