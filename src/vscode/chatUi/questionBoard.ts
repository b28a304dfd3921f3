/**
 * The agent's questions (ACP `cursor/ask_question`) in the chat. Where VS Code's own question carousel
 * takes the question (services/chatUi/nativeChatTools.ts decides), it asks (carousel.ts); otherwise,
 * or when the carousel refuses it, VS Code's stable chat UI: the question as escaped text in the answer,
 * one button per option (several where `allowMultiple`, then "Done"), and "Skip". A button carries only an
 * opaque id this board maps to the choice: nothing the agent sent is ever a command argument. What the user
 * chose stays in the answer ("You chose: …") either way. A button of a question no longer open (answered,
 * stopped, or from before a window reload) only says so.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import type { CancellationLike } from '../../cli/cancellation';
import type { Logger } from '../../cli/logger';
import { escapeMarkdown } from '../../cli/markdownText';
import type { AgentQuestion, AgentQuestionItem, QuestionAsker, QuestionOutcome } from '../../turn/questions';
import { askInCarousel, type NativeRequest } from './carousel';

export const ANSWER_QUESTION_COMMAND = 'cursorAgent.answerQuestion';

type Pick = { kind: 'option'; optionId: string } | { kind: 'done' } | { kind: 'skip' };

/** A button shown for an open question (the host tests click them through the command, as the chat does). */
export interface OpenButton {
  title: string;
  id: string;
}

export interface QuestionBoardOptions {
  /** Whether this request's questions go to VS Code's question carousel. */
  carousel(tool: vscode.ChatParticipantToolToken): boolean;
  logger: Logger;
}

export class QuestionBoard {
  private readonly picks = new Map<string, { title: string; pick: (p: Pick) => void; choice: Pick }>();

  constructor(private readonly options?: QuestionBoardOptions) {}

  register(): vscode.Disposable {
    return vscode.commands.registerCommand(ANSWER_QUESTION_COMMAND, (id: unknown) => {
      const entry = typeof id === 'string' ? this.picks.get(id) : undefined;
      if (entry) entry.pick(entry.choice);
      else void vscode.window.showInformationMessage(vscode.l10n.t('This question is no longer open: answer it in your next message.'));
    });
  }

  /** The buttons of the questions open now. */
  openButtons(): OpenButton[] {
    return [...this.picks].map(([id, e]) => ({ id, title: e.title }));
  }

  /** Asks in `stream` (the chat of the running turn, and no other); `native`: the request, where VS Code's carousel may ask. */
  asker(stream: vscode.ChatResponseStream, native?: NativeRequest): QuestionAsker {
    const carousel = native && this.options?.carousel(native.tool) ? native : undefined;
    return async (q, cancel) => {
      stream.markdown(`\n\n**${escapeMarkdown(q.title ?? vscode.l10n.t('Cursor asks'))}**\n\n`);
      const asked = carousel && this.options ? await askInCarousel(q, cancel, carousel, this.options.logger) : 'unavailable';
      if (asked !== 'unavailable') {
        recordOutcome(stream, q, asked);
        return asked;
      }
      const answers: Array<{ questionId: string; selectedOptionIds: string[] }> = [];
      for (const item of q.questions) {
        const r = await this.one(stream, item, cancel);
        if (r === 'cancelled') return { outcome: 'cancelled' };
        if (r === 'skip') {
          stream.markdown(`\n\n> ${vscode.l10n.t('Skipped.')}\n\n`);
          return { outcome: 'skipped', reason: 'The user skipped the question.' };
        }
        const labels = item.options.filter((o) => r.includes(o.id)).map((o) => escapeMarkdown(o.label));
        stream.markdown(`\n\n> ${vscode.l10n.t('You chose: {0}', labels.join(', ') || vscode.l10n.t('nothing'))}\n\n`);
        answers.push({ questionId: item.id, selectedOptionIds: r });
      }
      if (q.moreQuestions > 0) stream.markdown(`*${vscode.l10n.t('({0} more questions were not shown.)', q.moreQuestions)}*\n\n`);
      return { outcome: 'answered', answers } satisfies QuestionOutcome;
    };
  }

  private one(stream: vscode.ChatResponseStream, item: AgentQuestionItem, cancel: CancellationLike): Promise<string[] | 'skip' | 'cancelled'> {
    const hint = item.allowMultiple ? ` *${vscode.l10n.t('(choose any, then Done)')}*` : '';
    stream.markdown(`${escapeMarkdown(item.prompt)}${hint}\n\n`);
    if (item.moreOptions > 0) stream.markdown(`*${vscode.l10n.t('({0} more options were not shown.)', item.moreOptions)}*\n\n`);
    return new Promise<string[] | 'skip' | 'cancelled'>((resolve) => {
      const ids: string[] = [];
      const selected = new Set<string>();
      const end = (r: string[] | 'skip' | 'cancelled') => {
        for (const id of ids) this.picks.delete(id);
        sub.dispose();
        resolve(r);
      };
      const pick = (p: Pick) => {
        if (p.kind === 'skip') return end('skip');
        if (p.kind === 'done') return end(item.options.map((o) => o.id).filter((id) => selected.has(id)));
        if (!item.allowMultiple) return end([p.optionId]);
        if (selected.has(p.optionId)) selected.delete(p.optionId);
        else selected.add(p.optionId);
        const chosen = item.options.filter((o) => selected.has(o.id)).map((o) => o.label);
        stream.progress(vscode.l10n.t('Selected: {0}', chosen.join(', ') || vscode.l10n.t('nothing')));
      };
      const button = (title: string, choice: Pick) => {
        const id = randomUUID();
        ids.push(id);
        this.picks.set(id, { title, pick, choice });
        stream.button({ title, command: ANSWER_QUESTION_COMMAND, arguments: [id] });
      };
      for (const o of item.options) button(o.label.replace(/\$\(/g, '$\u200b('), { kind: 'option', optionId: o.id });
      if (item.allowMultiple) button(vscode.l10n.t('Done'), { kind: 'done' });
      button(vscode.l10n.t('Skip'), { kind: 'skip' });
      const sub = cancel.onCancellationRequested(() => end('cancelled'));
      if (cancel.isCancellationRequested) end('cancelled');
    });
  }
}

/** What the user chose in the carousel, as the answer keeps it (the buttons path writes the same lines). */
function recordOutcome(stream: vscode.ChatResponseStream, q: AgentQuestion, o: QuestionOutcome): void {
  if (o.outcome === 'skipped') stream.markdown(`> ${vscode.l10n.t('Skipped.')}\n\n`);
  if (o.outcome !== 'answered') return;
  for (const item of q.questions) {
    const ids = o.answers.find((a) => a.questionId === item.id)?.selectedOptionIds ?? [];
    const labels = item.options.filter((x) => ids.includes(x.id)).map((x) => escapeMarkdown(x.label));
    stream.markdown(`${escapeMarkdown(item.prompt)}\n\n> ${vscode.l10n.t('You chose: {0}', labels.join(', ') || vscode.l10n.t('nothing'))}\n\n`);
  }
}
