/**
 * The unit tier's `vscode` (a mocha root hook module, loaded by .mocharc.js): installs the plain-Node shim
 * (test/support/vscodeShim.ts) once, before any test file is loaded, so tests import `src/vscode/` modules like any
 * other; and after every test puts the shim's state back as fresh (recorded calls, registrations, settings, the
 * folder, trust), so no test sees another's leftovers.
 */
import { installVscodeShim, resetVscodeShim } from './vscodeShim';

installVscodeShim();

export const mochaHooks = {
  afterEach(): void {
    resetVscodeShim();
  },
};
