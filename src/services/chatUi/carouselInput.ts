/**
 * The agent's question (ACP `cursor/ask_question`, already read and bounded) as VS Code's question
 * carousel takes it (the `vscode_askQuestions` tool's input), and the carousel's answer read back into the
 * agent's `{questionId, selectedOptionIds}`. The carousel knows an option only by its label and a question
 * only by its header, so each label is made unique within its question and each header within the request,
 * and the answer is mapped back through those tables: an id always comes from the question, never from
 * what came back. No free text (the agent takes option ids only). The agent's words go as inert lines
 * ({@link agentLine}); the question, which VS Code renders as Markdown (1.110 and 1.139), also escaped
 * ({@link escapeMarkdown}): plain text, never a heading that fills the carousel and pushes its options out of
 * sight, a table, an image or a link. Headers and labels are shown as text (not escaped: a backslash would show). Pure.
 */
import * as z from 'zod/mini';
import type { AgentQuestion, QuestionOutcome } from '../../turn/questions';
import { agentLine } from '../../cli/agentText';
import { escapeMarkdown } from '../../cli/markdownText';

/** 1.110 cuts a question's text at 300 characters; a header is meant to be short (the schema says 50). */
export const MAX_CAROUSEL_QUESTION_CHARS = 280;
export const MAX_CAROUSEL_HEADER_CHARS = 40;
export const MAX_CAROUSEL_LABEL_CHARS = 200;
/** The tool's answer is a few labels: anything much bigger is not read. */
const MAX_RESULT_CHARS = 1_000_000;

export interface CarouselQuestionInput {
  header: string;
  question: string;
  multiSelect: boolean;
  allowFreeformInput: false;
  options: Array<{ label: string }>;
}

export interface CarouselPlan {
  input: { questions: CarouselQuestionInput[] };
  /** Per header: the agent's question id and, per label shown, the option id. */
  back: Map<string, { questionId: string; options: Map<string, string> }>;
}

export const SKIPPED_IN_CAROUSEL = 'The user skipped the question.';

/** A made-unique copy of `s` among `taken` (`s`, `s (2)`, `s (3)`…), added to `taken`. */
function unique(s: string, taken: Set<string>): string {
  let out = s;
  for (let n = 2; taken.has(out); n++) out = `${s} (${n})`;
  taken.add(out);
  return out;
}

/**
 * The carousel's input, or undefined where the carousel cannot ask it: a question with fewer than two
 * options (VS Code refuses one option without free text) is asked with buttons instead.
 */
export function carouselFor(q: AgentQuestion): CarouselPlan | undefined {
  if (q.questions.some((item) => item.options.length < 2)) return undefined;
  const headers = new Set<string>();
  const back: CarouselPlan['back'] = new Map();
  const questions = q.questions.map((item, i) => {
    const prompt = plainMarkdownLine(item.prompt, MAX_CAROUSEL_QUESTION_CHARS);
    const header = unique(agentLine(item.prompt, MAX_CAROUSEL_HEADER_CHARS) || `Question ${i + 1}`, headers);
    const labels = new Set<string>();
    const options = new Map<string, string>();
    const shown = item.options.map((o) => {
      const label = unique(agentLine(o.label, MAX_CAROUSEL_LABEL_CHARS) || o.id.slice(0, 40), labels);
      options.set(label, o.id);
      return { label };
    });
    back.set(header, { questionId: item.id, options });
    const question = prompt || escapeMarkdown(header);
    return { header, question, multiSelect: item.allowMultiple, allowFreeformInput: false as const, options: shown };
  });
  return { input: { questions }, back };
}

/** `s` as one inert line escaped for Markdown, at most `max` characters escaped (cut at a character, never inside an escape). */
function plainMarkdownLine(s: string, max: number): string {
  const line = agentLine(s, max);
  const escaped = escapeMarkdown(line);
  if (escaped.length <= max) return escaped;
  let out = '';
  for (const c of line.replace(/…$/, '')) {
    const e = escapeMarkdown(c);
    if (out.length + e.length > max - 1) break;
    out += e;
  }
  return `${out.trimEnd()}…`;
}

const answerSchema = z.object({
  selected: z.optional(z.array(z.unknown())),
  skipped: z.optional(z.boolean()),
  freeText: z.optional(z.nullable(z.unknown())),
});
const resultSchema = z.object({ answers: z.record(z.string(), z.unknown()) });

/**
 * The agent's answer from the carousel's result text (`{"answers":{header:{selected:[labels],freeText,skipped}}}`):
 * `answered` with the options chosen where any question was answered, else `skipped`. Unreadable: skipped.
 * Words typed instead of a choice (VS Code 1.110 offers a free-text row whatever the input says) cannot be an
 * option id: with nothing chosen they go back as the skip's reason, so the agent still reads them.
 */
export function carouselOutcome(plan: CarouselPlan, resultText: string): QuestionOutcome {
  const skipped: QuestionOutcome = { outcome: 'skipped', reason: SKIPPED_IN_CAROUSEL };
  if (resultText.length > MAX_RESULT_CHARS) return skipped;
  let raw: unknown;
  try {
    raw = JSON.parse(resultText);
  } catch {
    return skipped;
  }
  const r = resultSchema.safeParse(raw);
  if (!r.success) return skipped;
  const answers: Array<{ questionId: string; selectedOptionIds: string[] }> = [];
  let any = false;
  const words: string[] = [];
  for (const [header, { questionId, options }] of plan.back) {
    const a = answerSchema.safeParse(Object.hasOwn(r.data.answers, header) ? r.data.answers[header] : undefined);
    const labels = a.success && a.data.skipped !== true ? (a.data.selected ?? []) : [];
    const ids = labels.flatMap((l) => (typeof l === 'string' && options.has(l) ? [options.get(l)!] : []));
    if (a.success && typeof a.data.freeText === 'string' && a.data.freeText.trim()) words.push(agentLine(a.data.freeText, MAX_CAROUSEL_LABEL_CHARS));
    if (ids.length > 0) any = true;
    answers.push({ questionId, selectedOptionIds: [...new Set(ids)] });
  }
  if (any) return { outcome: 'answered', answers };
  return words.length > 0 ? { outcome: 'skipped', reason: `The user answered in their own words: ${words.join(' / ')}` } : skipped;
}
