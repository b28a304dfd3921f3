/** Reads and validates the `cursorAgent.*` settings; logs invalid values once per change. */
import * as vscode from 'vscode';
import type { Logger } from '../cli/logger';
import { Emitter } from '../services/emitter';
import { effectiveValue, readSettings, Settings } from '../services/settingsSchema';

/** Which effective settings changed (empty when only an ignored value, such as a workspace's `cursorAgent.path`, did). */
export interface SettingsChange {
  changed: ReadonlySet<keyof Settings>;
}

export class Configuration implements vscode.Disposable {
  private value: Settings;
  private readonly changed = new Emitter<SettingsChange>();
  readonly onDidChange = this.changed.event;
  private readonly listener: vscode.Disposable;

  constructor(private readonly logger: Logger) {
    this.value = this.read();
    this.listener = vscode.workspace.onDidChangeConfiguration((e) => {
      if (!e.affectsConfiguration('cursorAgent')) return;
      const before = this.value;
      this.value = this.read();
      const changed = new Set(
        (Object.keys(this.value) as Array<keyof Settings>).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(this.value[k])),
      );
      this.changed.fire({ changed });
    });
  }

  get current(): Settings {
    return this.value;
  }

  private read(): Settings {
    const cfg = vscode.workspace.getConfiguration('cursorAgent');
    // User-only settings (path, model, modelListCacheMinutes): only the user's (or remote machine's) value counts, never a workspace's.
    const { settings, problems } = readSettings((key) => effectiveValue(key, cfg.inspect(key)));
    for (const p of problems) this.logger.warn(`[settings] ${p}`);
    return settings;
  }

  dispose(): void {
    this.listener.dispose();
    this.changed.dispose();
  }
}
