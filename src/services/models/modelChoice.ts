/**
 * Which model `@cursor` uses. Two places choose a model: the chat's model
 * picker (only when a Cursor model is selected there) and "Cursor: Switch
 * Model" (the `cursorAgent.model` setting). The most recent explicit choice
 * wins: a user who picks a model in the picker gets it, and a user who runs
 * Switch Model afterwards gets that, even though the picker still shows its
 * old selection (with Copilot signed out the picker always holds a Cursor model,
 * so "picker first" alone would make Switch Model do nothing).
 */
export class ModelChoice {
  private lastPicker: string | undefined;
  private lastSetting: string | undefined;
  private preferSetting = false;
  private seen = false;

  /**
   * @param picker the picker's model id when it is a Cursor model, else undefined
   * @param setting `cursorAgent.model` ('' or undefined: none)
   * @returns the model id to pass as `--model`, or undefined for the CLI's default
   */
  choose(picker: string | undefined, setting: string | undefined): string | undefined {
    const s = setting || undefined;
    if (this.seen) {
      if (picker !== this.lastPicker) this.preferSetting = false;
      else if (s !== this.lastSetting) this.preferSetting = true;
    }
    this.seen = true;
    this.lastPicker = picker;
    this.lastSetting = s;
    if (this.preferSetting) return s; // may be undefined: the user chose "CLI's default"
    return picker ?? s;
  }

  /** Called when the setting changes, so the next request prefers it even if no request saw the old value. */
  settingChanged(setting: string | undefined): void {
    if (!this.seen) return;
    const s = setting || undefined;
    if (s !== this.lastSetting) {
      this.preferSetting = true;
      this.lastSetting = s;
    }
  }
}
