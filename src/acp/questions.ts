/**
 * `cursor/ask_question` during a turn: read and bounded, handed to the chat that runs the turn, answered
 * once. While the user reads it the turn's inactivity deadline waits; a question left unanswered for
 * {@link QUESTION_TIMEOUT_MS} goes back `skipped`; Stop sends `cancelled`. One question at a time per turn:
 * a second one while the first is open is skipped at once. Where nobody can answer (no asker), skipped
 * at once with a reason. Pure.
 */
import * as z from 'zod/mini';
import type { Clock, TimerHandle } from '../cli/clock';
import type { AgentQuestion, AgentQuestionItem, QuestionAsker, QuestionOutcome } from '../turn/questions';

export const QUESTION_TIMEOUT_MS = 30 * 60_000;
export const MAX_QUESTIONS = 10;
export const MAX_OPTIONS = 30;
export const MAX_LABEL_CHARS = 200;
export const MAX_PROMPT_CHARS = 1_000;
const MAX_ID_CHARS = 200;

const optionSchema = z.object({ id: z.string(), label: z.optional(z.string()) });
const questionSchema = z.object({
  id: z.string(),
  prompt: z.optional(z.string()),
  options: z.array(z.unknown()),
  allowMultiple: z.optional(z.boolean()),
});
const requestSchema = z.object({ toolCallId: z.optional(z.string()), title: z.optional(z.string()), questions: z.array(z.unknown()) });

/** One line of plain text, cut: no newlines, no control characters. */
export function plainLine(s: string, max: number): string {
  const one = s
    .slice(0, max * 4)
    .replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return one.length > max ? `${one.slice(0, max - 1)}…` : one;
}

/** The request read and bounded (only the first questions and options are validated), or undefined when it has no question. */
export function readQuestion(params: unknown): AgentQuestion | undefined {
  const p = requestSchema.safeParse(params);
  if (!p.success) return undefined;
  const questions: AgentQuestionItem[] = [];
  for (const raw of p.data.questions.slice(0, MAX_QUESTIONS)) {
    const q = questionSchema.safeParse(raw);
    if (!q.success || q.data.id.length > MAX_ID_CHARS) continue;
    const options = [];
    const seen = new Set<string>();
    for (const o of q.data.options.slice(0, MAX_OPTIONS)) {
      const r = optionSchema.safeParse(o);
      if (!r.success || r.data.id.length > MAX_ID_CHARS || seen.has(r.data.id)) continue;
      seen.add(r.data.id);
      options.push({ id: r.data.id, label: plainLine(r.data.label ?? r.data.id, MAX_LABEL_CHARS) || r.data.id.slice(0, 40) });
    }
    if (options.length === 0) continue;
    const prompt = plainLine(q.data.prompt ?? '', MAX_PROMPT_CHARS);
    questions.push({
      id: q.data.id,
      prompt,
      allowMultiple: q.data.allowMultiple === true,
      options,
      moreOptions: q.data.options.length - options.length,
    });
  }
  if (questions.length === 0) return undefined;
  const title = p.data.title ? plainLine(p.data.title, MAX_LABEL_CHARS) : '';
  return { ...(title ? { title } : {}), questions, moreQuestions: Math.max(0, p.data.questions.length - MAX_QUESTIONS) };
}

/** An answer that names only this question's ids: anything else the UI might send is dropped. */
export function checkedOutcome(q: AgentQuestion, o: QuestionOutcome): QuestionOutcome {
  if (o.outcome !== 'answered') return o.outcome === 'skipped' ? { outcome: 'skipped', ...(o.reason ? { reason: o.reason.slice(0, 300) } : {}) } : o;
  const answers = q.questions.map((item) => {
    const given = o.answers.find((a) => a.questionId === item.id)?.selectedOptionIds ?? [];
    const offered = new Set(item.options.map((x) => x.id));
    const ids = [...new Set(given)].filter((id) => offered.has(id));
    return { questionId: item.id, selectedOptionIds: item.allowMultiple ? ids : ids.slice(0, 1) };
  });
  return { outcome: 'answered', answers };
}

export const NOBODY_REASON = 'This chat cannot answer questions mid-turn; reply in your next message.';

type Respond = (answer: { result: unknown }) => void;

/** The questions of one running turn. */
export class QuestionGate {
  private open: { respond: Respond; cancel: () => void } | undefined;

  constructor(
    private readonly deps: {
      ask?: QuestionAsker;
      clock: Clock;
      /** The turn's inactivity deadline: paused while the user reads a question. */
      pause(): void;
      resume(): void;
      log?: (m: string) => void;
      timeoutMs?: number;
    },
  ) {}

  /** Whether someone can answer (else the request is skipped at once, as before). */
  get answerable(): boolean {
    return this.deps.ask !== undefined;
  }

  handle(params: unknown, respond: Respond): void {
    const skip = (reason: string): void => respond({ result: { outcome: { outcome: 'skipped', reason } } });
    const ask = this.deps.ask;
    if (!ask) return skip(NOBODY_REASON);
    if (this.open) return skip('Another question is still open; ask again after it is answered.');
    const q = readQuestion(params);
    if (!q) {
      this.deps.log?.('[acp] a cursor/ask_question without a readable question was skipped');
      return skip('The question could not be read.');
    }
    const listeners = new Set<() => void>();
    let cancelled = false;
    let timer: TimerHandle | undefined;
    const done = (o: QuestionOutcome): void => {
      if (!this.open || this.open.respond !== respond) return;
      this.open = undefined;
      if (timer !== undefined) this.deps.clock.clearTimeout(timer);
      cancelled = true;
      for (const l of listeners) l();
      listeners.clear();
      respond({ result: { outcome: checkedOutcome(q, o) } });
      this.deps.resume();
    };
    this.open = { respond, cancel: () => done({ outcome: 'cancelled' }) };
    this.deps.pause();
    timer = this.deps.clock.setTimeout(
      () => done({ outcome: 'skipped', reason: 'The user did not answer in time.' }),
      this.deps.timeoutMs ?? QUESTION_TIMEOUT_MS,
    );
    const token = {
      get isCancellationRequested() {
        return cancelled;
      },
      onCancellationRequested: (l: () => void) => {
        listeners.add(l);
        return { dispose: () => listeners.delete(l) };
      },
    };
    ask(q, token).then(done, (err: unknown) => {
      this.deps.log?.(`[acp] the question could not be shown: ${String(err).slice(0, 200)}`);
      done({ outcome: 'skipped', reason: 'The question could not be shown.' });
    });
  }

  /** Stop, or the turn ended: the open question goes back `cancelled`. */
  cancel(): void {
    this.open?.cancel();
  }
}
