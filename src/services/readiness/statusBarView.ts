/** What the status bar item shows for each readiness state (pure). */
import { inertText } from '../../cli/agentText';
import { isModelId } from '../../cli/modelId';
import type { ReadyState } from './authService';
import { linkedCommands, READINESS_COMMANDS, type ReadinessRow, readinessRow } from './readinessTable';
import { adviceNeedsAction, LOCAL_CHAT_LINKED_COMMANDS, type LocalChatAdvice, localChatLinks, localChatSentence } from './localChat';
import type { ModelSource } from '../models/modelChoice';
import { modelSourceText } from '../models/shownModel';
import { contextWarning, TurnUsage, usageLine } from '../answer/turnUsage';

export interface StatusBarView {
  text: string;
  tooltip: string;
  background?: 'warning' | 'error';
}

/** What the status bar is drawn from. */
export interface StatusBarInput {
  state: ReadyState;
  /** The model id the next @cursor turn uses (absent: the CLI's default). */
  model?: string;
  /** Its label from the model list, shown instead of the id. */
  modelLabel?: string;
  /** Where that choice came from (absent: not said). */
  modelSource?: ModelSource;
  /** Answers come from the simulated CLI (`CURSOR_AGENT_VSCODE_DEMO=1`). */
  demo?: boolean;
  /** The OS the CLI runs on (the macOS keychain variant). */
  platform?: string;
  lastTurn?: TurnUsage;
  /** A line about the model (e.g. it belongs to the other backend). */
  modelNote?: string;
  /** Where new chats start (the Copilot harness without a Copilot model never calls @cursor): shown while Cursor is ready. */
  localChat?: LocalChatAdvice;
  /** The user has acted on the advice (opened a Cursor chat, or @cursor answered): the item no longer flags it. */
  adviceFollowed?: boolean;
}

/** The item's label (with a codicon), Markdown tooltip with command links, and theme background, from the readiness table. */
export function statusBarView(input: StatusBarInput): StatusBarView {
  const {
    state,
    model,
    modelLabel,
    modelSource,
    demo = false,
    platform,
    lastTurn,
    modelNote,
    localChat = { kind: 'none' },
    adviceFollowed = false,
  } = input;
  const row = readinessRow(state.state, platform) as ReadinessRow;
  const demoNote = demo ? '\n\n**Demo mode**: answers come from a simulated CLI, not from Cursor.' : '';
  const label = demo ? 'Cursor (demo)' : 'Cursor';
  let tooltip = row.tooltip(state as never, escapeMd);
  let icon = row.icon;
  let background = row.background;
  /** An info icon after the label while the advice asks for an action not yet taken (the check mark stays: ready looks ready). */
  let flag = '';
  if (state.state === 'ready') {
    // A model chosen under the other backend (the backend changed): say so, @cursor reports it too.
    const chosen = model ? (modelLabel ? `**${escapeMd(modelLabel)}**` : modelIdMd(model)) : "the CLI's default";
    const from = modelSource && model ? ` (${modelSourceText(modelSource)})` : '';
    tooltip += `\n\nModel: ${chosen}${from}${modelNote ? `, ${modelNote}: pick another` : ''}${lastTurnNote(lastTurn)}`;
    if (modelNote) [icon, background] = ['warning', 'warning'];
    const sentence = localChatSentence(localChat);
    if (sentence) {
      // First, where a user looks after "Language model unavailable" (our own text: not escaped); an info icon: nothing is broken.
      const links = localChatLinks(localChat)
        .map((l) => `[${l.title}](command:${l.command})`)
        .join(' · ');
      const needsAction = adviceNeedsAction(localChat);
      tooltip = `${needsAction ? '$(info) ' : ''}${sentence}\n\n${links}\n\n${tooltip}`;
      if (needsAction && !adviceFollowed) flag = ' $(info)';
    }
  }
  const links = row.links.map((c) => `[${READINESS_COMMANDS[c].link}](command:${READINESS_COMMANDS[c].command})`).join(' · ');
  return {
    text: `$(${icon}) ${label}${state.state === 'ready' && model ? `: ${(modelLabel ?? model).replace(/\$\(/g, '$ (')}` : ''}${flag}`,
    tooltip: `${tooltip}${links ? `\n\n${links}` : ''}${demoNote}`,
    ...(background ? { background } : {}),
  };
}

/** Every command the tooltip may link to (the item's trusted commands): the readiness table's and the Local chat links. */
export function statusBarCommands(): string[] {
  return [...new Set([...linkedCommands(), ...LOCAL_CHAT_LINKED_COMMANDS])];
}

/** The last answer's model and usage (only when the CLI reported numbers). */
function lastTurnNote(t: TurnUsage | undefined): string {
  if (!t) return '';
  const line = usageLine(t);
  const warn = contextWarning(line);
  return `\n\nLast answer: ${escapeMd(line.text)}${warn ? `\n\n$(warning) ${escapeMd(warn)}` : ''}`;
}

/**
 * A model id with no label: in a code span only when it is a model id ({@link isModelId}: no backtick can close the
 * span next to the command links), escaped text otherwise.
 */
function modelIdMd(id: string): string {
  return isModelId(id) ? `\`${id}\`` : escapeMd(id);
}

/** CLI text (account, model, usage) as tooltip text: inert ({@link inertText}), markdown and codicon (`$`) characters escaped. */
function escapeMd(s: string): string {
  return inertText(s).replace(/[\\`*_{}[\]()#+\-!|<>$]/g, '\\$&');
}
