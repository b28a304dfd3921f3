import { describeError } from '../../cli/errors';
import type { AuthProbe, ReadyState } from '../readiness/authService';
import type { BinaryService } from '../readiness/binaryService';
import type { CursorAgentService } from './cursorAgentService';

/** Readiness = a binary that answers `--version`, and `status --format json` saying logged in. */
export class CliAuthProbe implements AuthProbe {
  constructor(
    private readonly binary: BinaryService,
    private readonly agent: CursorAgentService,
  ) {}

  async probe(): Promise<ReadyState> {
    const r = await this.binary.resolve();
    if (!r.found) return { state: 'notInstalled', kind: r.kind, message: describeError(r.kind).message };
    const s = await this.agent.status();
    switch (s.state) {
      case 'loggedIn':
        return { state: 'ready', binary: r.path, version: r.version, ...(s.email ? { email: s.email } : {}) };
      case 'loggedOut':
        return { state: 'loggedOut', ...(s.message ? { message: s.message } : {}) };
      case 'keychainLocked':
        return { state: 'keychainLocked' };
      case 'ideLauncherOnly':
        return { state: 'notInstalled', kind: 'ideLauncherOnly', message: describeError('ideLauncherOnly').message };
      case 'notInstalled':
        return { state: 'notInstalled', kind: s.error.kind, message: s.error.message };
      case 'error':
        return { state: 'error', detail: s.detail };
    }
  }
}
