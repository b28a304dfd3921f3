/**
 * Which model `@cursor` uses. Two places choose a model: the chat's model
 * picker (only when a Cursor model is selected there) and "Cursor: Switch
 * Model" (the `cursorAgent.model` setting). The most recent explicit choice
 * wins: a user who picks a model in the picker gets it, and a user who runs
 * Switch Model afterwards gets that, even though the picker still shows its
 * old selection (with Copilot signed out the picker always holds a Cursor model,
 * so "picker first" alone would make Switch Model do nothing).
 * The status bar and `/status` read `next()`, the same decision, so they name the model the next turn uses.
 */
import { Emitter } from '../emitter';

/** Where the model the next turn uses comes from. */
export type ModelSource = 'picker' | 'setting' | 'default';

export interface NextModel {
  /** The model id (absent: the CLI's default). */
  id?: string;
  source: ModelSource;
}

export class ModelChoice {
  private lastPicker: string | undefined;
  private lastSetting: string | undefined;
  private preferSetting = false;
  private seen = false;
  private readonly changed = new Emitter<NextModel>();
  /** Fires when the model the next turn uses may have changed. */
  readonly onDidChange = this.changed.event;

  /**
   * @param picker the picker's model id when it is a Cursor model, else undefined
   * @param setting `cursorAgent.model` ('' or undefined: none)
   * @returns the model id to pass as `--model`, or undefined for the CLI's default
   */
  choose(picker: string | undefined, setting: string | undefined): string | undefined {
    const s = setting || undefined;
    if (this.seen) {
      // Switch Model also selects its model in the picker: the picker moving to the preferred setting's model is not a new choice.
      if (picker !== this.lastPicker) this.preferSetting = this.preferSetting && picker !== undefined && picker === s;
      else if (s !== this.lastSetting) this.preferSetting = true;
    }
    const before = this.next(setting);
    this.seen = true;
    this.lastPicker = picker;
    this.lastSetting = s;
    this.fireIfChanged(before, setting);
    return this.next(setting).id;
  }

  /**
   * The model the next turn uses, as far as this window knows: VS Code tells nothing when the picker's selection
   * changes, so a picker choice counts from the first request that carries it (a question or `/status`).
   */
  next(setting: string | undefined): NextModel {
    const s = setting || undefined;
    // `preferSetting` with no setting: the user chose "the CLI's default" with Switch Model.
    if (this.preferSetting || (this.lastPicker === undefined && s !== undefined)) return s ? { id: s, source: 'setting' } : { source: 'default' };
    if (this.lastPicker !== undefined) return { id: this.lastPicker, source: 'picker' };
    return { source: 'default' };
  }

  dispose(): void {
    this.changed.dispose();
  }

  private fireIfChanged(before: NextModel, setting: string | undefined): void {
    const after = this.next(setting);
    if (after.id !== before.id || after.source !== before.source) this.changed.fire(after);
  }

  /** Called when the setting changes, so the next request prefers it even if no request saw the old value. */
  settingChanged(setting: string | undefined): void {
    if (!this.seen) return;
    const s = setting || undefined;
    if (s !== this.lastSetting) {
      const before = this.next(this.lastSetting);
      this.preferSetting = true;
      this.lastSetting = s;
      this.fireIfChanged(before, setting);
    }
  }
}
