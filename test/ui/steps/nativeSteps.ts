// Steps of the plan-mode UI run (acpChat.ts) in VS Code's own chat UI, which @cursor drives by default on
// 1.110 and 1.139 (cursorAgent.nativeChatUi): the agent's question in VS Code's question carousel above the
// chat input (a click on an option, then Submit where the version shows it), and the plan's to-dos in VS
// Code's to-do list above the input, in their final state. What a person sees and clicks; the agent's side is
// read from the fake's wire log.
import type { Locator, Page } from 'playwright-core';
import type { FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import { UiFlow } from './flow';

type Clip = { x: number; y: number; width: number; height: number } | undefined;

/** The chat panel's box from `top` (at most `height` high), for a screenshot of the chat alone. */
async function chatClip(page: Page, top: number, height: number): Promise<Clip> {
  const chat = await page.locator('.part.auxiliarybar').boundingBox();
  if (!chat) return undefined;
  const y = Math.max(chat.y, Math.min(top, chat.y + chat.height - height));
  return { x: chat.x, y, width: chat.width, height: Math.min(height, chat.y + chat.height - y) };
}

/** Asks `question`; the carousel shows it with its options; a click on SQLite (and Submit) sends exactly that to the agent. */
export async function carouselQuestionStep(flow: UiFlow, fake: FakeAcpCli, question: string): Promise<void> {
  const page = flow.page;
  await flow.ask(`@cursor ${question}`);
  const carousel = page.locator('.chat-question-carousel-widget-container').filter({ visible: true }).last();
  const option = carousel.locator('.chat-question-list-item', { hasText: 'SQLite' }).first();
  await option.waitFor({ timeout: 60_000 });
  const shown = (await carousel.innerText()).replace(/\s+/g, ' ');
  for (const want of ['Which database?', 'Postgres', 'SQLite'])
    if (!shown.includes(want)) throw new Error(`the carousel lacks ${JSON.stringify(want)}: ${JSON.stringify(shown)}`);
  if ((await (await flow.answer()).locator('.monaco-button', { hasText: 'SQLite' }).count()) > 0)
    throw new Error('the question is also asked with buttons in the answer');
  const box = await carousel.boundingBox();
  await flow.pointerAway(10, 450);
  // The carousel and the chat input under it (the README's picture).
  const input = await page.locator('.interactive-input-part').filter({ visible: true }).last().boundingBox();
  const top = (box?.y ?? 0) - 12;
  await flow.shot('plan-question', await chatClip(page, top, (input ? input.y + input.height + 6 : (box?.y ?? 0) + (box?.height ?? 0) + 60) - top));
  await option.click();
  // 1.139 submits a single choice at once; 1.110 shows Submit.
  const submit = carousel.locator('.chat-question-nav-submit, .chat-question-submit-button').filter({ visible: true });
  if (await submit.count()) await submit.first().click();
  await flow.waitForAnswer('Planning with what came back: answered db=o2.', 30_000);
  const lines = [...fake.acpLog().values()].flat();
  const ask = lines.find((l) => l.dir === 'out' && l.msg.method === 'cursor/ask_question');
  const reply = ask && lines.find((l) => l.dir === 'in' && l.msg.id === ask.msg.id && l.msg.method === undefined);
  const want = '{"outcome":{"outcome":"answered","answers":[{"questionId":"db","selectedOptionIds":["o2"]}]}}';
  if (JSON.stringify(reply?.msg.result) !== want) throw new Error(`the agent received ${JSON.stringify(reply?.msg)}`);
  await UiFlow.waitUntilFinished(await flow.answer(), 30_000);
}

const ICON_STATUS: Array<[string, string]> = [
  ['codicon-pass', 'completed'],
  ['codicon-record', 'in-progress'],
  ['codicon-circle-outline', 'not-started'],
];

/** Asks for the plan; VS Code's to-do list above the input shows its to-dos in their final state (`states`, in order). */
export async function nativeTodoStep(flow: UiFlow, ask: string, todos: readonly string[], states: readonly string[]): Promise<Locator> {
  const page = flow.page;
  await flow.ask(`@cursor ${ask}`);
  await flow.waitForAnswer('The plan is ready.', 60_000);
  const response = await flow.answer();
  await UiFlow.waitUntilFinished(response, 60_000);
  const widget = page.locator('.chat-todo-list-widget').filter({ visible: true }).first();
  await widget.waitFor({ timeout: 15_000 });
  if (!(await widget.locator('.todo-list-container').isVisible())) await widget.locator('.todo-list-expand .monaco-button').first().click();
  const items = widget.locator('.todo-item');
  await items.first().waitFor({ timeout: 10_000 });
  const rows = await items.evaluateAll((els) =>
    els.map((el) => {
      const e = el as unknown as { textContent: string | null; querySelector(s: string): { className: string } | null };
      return { text: (e.textContent ?? '').trim(), icon: e.querySelector('.todo-status-icon')?.className ?? '' };
    }),
  );
  const seen = rows.map((r) => [r.text, ICON_STATUS.find(([c]) => r.icon.includes(c))?.[1] ?? r.icon]);
  const want = todos.map((t, i) => [t, states[i]]);
  if (JSON.stringify(seen) !== JSON.stringify(want))
    throw new Error(`VS Code's to-do list shows ${JSON.stringify(seen)}, not ${JSON.stringify(want)}`);
  const title = (await widget.locator('.todo-list-title').innerText()).trim();
  flow.opts.log(`VS Code's to-do list: ${title} ${JSON.stringify(seen)}`);
  const box = await widget.boundingBox();
  await flow.pointerAway(10, 450);
  await flow.shot('plan-todos', await chatClip(page, (box?.y ?? 0) - 150, (box?.height ?? 0) + 230));
  return response;
}
