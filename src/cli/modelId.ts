/**
 * The one model-id rule. Pure.
 *
 * A model id (`gpt-5`, `claude-opus-4-8[context=1m,effort=high]`, ACP's
 * `default[]`) goes into argv as `--model <id>`, so it can never look like a
 * flag: it starts with a letter or digit, then letters, digits and
 * `. _ : / [ ] = , + -`, at most {@link MODEL_ID_MAX_LENGTH} characters.
 * argv, the settings (`model`, `pickerModels`) and the `cursor-agent models`
 * parser all check ids with {@link isModelId}; the manifest's `pattern` for
 * `cursorAgent.model` is {@link MODEL_ID_SETTING_PATTERN} (checked by a test).
 */

/** The longest model id accepted anywhere (real ids are under 60 characters). */
export const MODEL_ID_MAX_LENGTH = 256;

/** One model id: never starts with `-`. */
export const MODEL_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._:/[\]=,+-]*$/;

/** The same rule where empty means "the CLI's default" (the manifest's `cursorAgent.model` pattern). */
export const MODEL_ID_SETTING_PATTERN = '^([A-Za-z0-9][A-Za-z0-9._:/\\[\\]=,+-]*)?$';

/** The rule in words, for refusals. */
export const MODEL_ID_RULE_TEXT = 'letters, digits and . _ : / [ ] = , + - only, not starting with "-"';

/** True when `value` is usable as a model id in argv. */
export function isModelId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.length <= MODEL_ID_MAX_LENGTH && MODEL_ID_PATTERN.test(value);
}
