/** Markdown for `/models` and `/status` (pure, so it is unit-tested). */
import type { Resolution } from '../../cli/binaryResolution';
import { describeError } from '../../cli/errors';
import { escapeMarkdown } from '../../cli/markdownText';
import type { ReadyState } from './authService';
import { loginStatus } from './readinessTable';
import type { ModelCatalogSnapshot } from '../models/modelCatalog';
import { type LocalChatAdvice, localChatSentence } from './localChat';
import { modelSourceText, type ShownModel } from '../models/shownModel';

export function renderModelsMarkdown(snap: ModelCatalogSnapshot, current: string | undefined): string {
  if (snap.models.length === 0) {
    return snap.lastError ? `Could not list Cursor models: ${snap.lastError}\n` : 'No Cursor models are available for this account.\n';
  }
  const rows = snap.models.map((m) => {
    const marks = [m.id === current ? '**current**' : '', m.isDefault ? 'default' : ''].filter(Boolean).join(', ');
    const ctx = m.contextTokens ? `${Math.round(m.contextTokens / 1000)}K` : '';
    return `| \`${m.id}\` | ${escapeCell(m.label)} | ${ctx} | ${marks} |`;
  });
  return [
    `**${snap.models.length} Cursor models** (pick one in the model picker, or run **Cursor: Switch Model**)`,
    '',
    '| id | name | context | |',
    '|---|---|---|---|',
    ...rows,
    '',
    snap.lastError ? `_The last refresh failed (${snap.lastError}); this is the last list that worked._\n` : '',
  ].join('\n');
}

/** What /status reports. */
export interface StatusReport {
  resolution: Resolution;
  state: ReadyState;
  /** The model the next @cursor turn uses, and where it comes from (absent: the CLI's default). */
  model?: ShownModel;
  /** A remote window (`cursorAgent.path` is read on the remote machine). */
  remote: boolean;
  /** The OS the CLI runs on (for the macOS keychain note). */
  platform?: string;
  /** Which backend runs turns and why (absent: no line). */
  backend?: string;
  /** Whether ACP runs turns: it sends no token counts, so /status says usage is not available. */
  usesAcp?: boolean;
  /** Whether the editor tools (MCP) run, and for which backend (absent: no line). */
  editorTools?: string;
  /** Where VS Code starts new chats (the Copilot harness never calls @cursor). */
  localChat?: LocalChatAdvice;
}

export function renderStatusMarkdown(report: StatusReport): string {
  const { resolution: res, state, model, remote, platform, backend, usesAcp: acp, editorTools, localChat } = report;
  const lines: string[] = ['**Cursor CLI status**', ''];
  if (res.found) {
    lines.push(`- Binary: \`${res.path}\` (${sourceLabel(res.source)})`, `- Version: \`${res.version}\``);
  } else {
    lines.push(`- Binary: not found. ${describeError(res.kind).fix}`);
  }
  for (const r of res.rejected) lines.push(`  - skipped \`${r.candidate}\`: ${r.reason}`);
  lines.push(`- Login: ${loginStatus(state, platform)}`);
  lines.push(`- Model: ${modelLine(model)}`);
  if (backend) lines.push(`- Backend: ${backend}`);
  // ACP sends no token counts: say so rather than show nothing, or a made-up number.
  if (acp) lines.push('- Usage: not available in ACP mode (the CLI sends no token counts there); print mode shows a usage line under each answer');
  if (editorTools) lines.push(`- Editor tools (diagnostics, editors, language intelligence over MCP): ${editorTools}`);
  const chats = localChat && localChatSentence(localChat);
  if (chats) lines.push(`- Chats: ${chats}`);
  if (remote) lines.push('', "_This is a remote window: `cursorAgent.path` is read from the remote machine's settings._");
  return lines.join('\n') + '\n';
}

/** The next turn's model by its label, where it comes from, and its id (for a bug report). */
function modelLine(model: ShownModel | undefined): string {
  if (model?.id === undefined) return "the CLI's default (choose one in the chat's model picker or with **Cursor: Switch Model**)";
  const name = model.label ? `**${model.label.replace(/[\\`*_[\]<>]/g, '\\$&')}**` : `\`${model.id}\``;
  return `${name}, ${modelSourceText(model.source)}${model.label ? ` (id \`${model.id}\`)` : ''}`;
}

function sourceLabel(source: string): string {
  switch (source) {
    case 'setting':
      return 'from the `cursorAgent.path` setting';
    case 'install-dir':
      return 'from the Cursor install folder';
    default:
      return `found on PATH as \`${source.replace(/^path:/, '')}\``;
  }
}

/** A model's label in a table cell: only `|` escaped, because the label is the CLI's own text (no agent's) and `|` alone would end the cell. */
function escapeCell(s: string): string {
  return escapeMarkdown(s, '|');
}
