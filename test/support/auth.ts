import type { Logger } from '../../src/cli/process';
import { AuthService } from '../../src/services/readiness/authService';

/** The auth service of a user who is set up: its probe always finds `binary` installed (version `fake`) and logged in. */
export function readyAuth(options: { binary: string; logger: Logger }): AuthService {
  return new AuthService({ probe: async () => ({ state: 'ready', binary: options.binary, version: 'fake' }) }, options.logger);
}
