/** What the palette commands use (commands.ts, modelCommands.ts, cliTerminals.ts). */
import type * as vscode from 'vscode';
import type { Logger } from '../../cli/logger';
import type { CursorAgentService } from '../../services/engine/cursorAgentService';
import type { AuthService } from '../../services/readiness/authService';
import type { BinaryService } from '../../services/readiness/binaryService';
import type { ModelCatalog } from '../../services/models/modelCatalog';
import type { Settings } from '../../services/settingsSchema';
import type { CursorStatusBar } from '../status/statusBar';

export interface CommandDeps {
  agent: CursorAgentService;
  auth: AuthService;
  binary: BinaryService;
  catalog: ModelCatalog;
  settings: () => Settings;
  logger: Logger;
  output: vscode.LogOutputChannel;
  statusBar: () => CursorStatusBar | undefined;
  /** The OS the CLI runs on: on macOS a logged-out state may be a locked keychain. */
  platform: string;
  terminalListeners: Set<vscode.Disposable>; // listeners for open login terminals, disposed with the extension
  reportIssue: () => Promise<unknown>; // Cursor: Report Issue… (vscode/commands/reportIssue.ts)
}
