/**
 * How a Cursor model is described to VS Code's language model API, and the
 * documented token estimate. Pure (the returned object is structurally a
 * vscode.LanguageModelChatInformation).
 */
import type { ModelInfo } from '../../cli/models';
import type { BackendId } from '../../cli/args';

/** Used when the label states no context size: a conservative figure most Cursor models exceed. */
export const DEFAULT_MAX_INPUT_TOKENS = 128_000;
/** The CLI does not report output limits; this is what VS Code uses to budget replies. */
export const DEFAULT_MAX_OUTPUT_TOKENS = 16_000;

export interface CursorModelInformation {
  id: string;
  name: string;
  family: string;
  version: string;
  tooltip: string;
  detail: string;
  maxInputTokens: number;
  maxOutputTokens: number;
  capabilities: { imageInput: boolean; toolCalling: boolean };
  isUserSelectable: boolean;
}

/**
 * `backend`: the backend the model runs on. Only ACP sends images (`image` prompt blocks); print mode
 * takes text on stdin, so there the chat warns before sending an image instead of it being refused.
 */
export function modelInformation(m: ModelInfo, backend: BackendId = 'print'): CursorModelInformation {
  return {
    id: m.id,
    name: m.label || m.id,
    family: familyOf(m.id),
    version: m.id,
    tooltip: `Cursor model \`${m.id}\`, run through your cursor-agent CLI in read-only mode.`,
    detail: 'Cursor',
    maxInputTokens: m.contextTokens ?? DEFAULT_MAX_INPUT_TOKENS,
    maxOutputTokens: DEFAULT_MAX_OUTPUT_TOKENS,
    // Declared so the model is offered in the chat picker in Agent mode (the only mode offered when
    // Copilot is signed out). The Cursor agent uses its own read-only tools; VS Code tools offered by
    // a caller are not invoked. See README "Model picker".
    capabilities: { imageInput: backend === 'acp', toolCalling: true },
    // Not in the stable API's type, but read by VS Code 1.110–1.116 (at least): their chat
    // lists (and can select) a provider's model only when it says it is user-selectable.
    // Without it the picker keeps VS Code's own "Auto" (Copilot's), and a Copilot-less
    // user's first `@cursor` question fails with "Language model unavailable". Newer VS
    // Code lists provider models either way. See README "Requirements".
    isUserSelectable: true,
  };
}

/** `claude-4.5-sonnet-thinking` → `claude`; `gpt-5.1-codex` → `gpt`; `auto` → `auto`. */
export function familyOf(id: string): string {
  const m = /^[a-z]+/i.exec(id);
  return (m ? m[0] : id).toLowerCase();
}

/** Rough token estimate: about 4 characters per token for English and code (documented in the README). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}
