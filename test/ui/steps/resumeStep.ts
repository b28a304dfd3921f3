// A step of the ACP UI run (acpPlanSteps.ts, in acpChat.ts): `@cursor /resume` lists this folder's past
// Cursor chats; a click on one puts `@cursor /resume <id> ` into the chat input (the button runs the
// chat's open command with a partial query); the question typed after it is answered in exactly
// that Cursor chat (the fake ACP agent's `session/prompt` carries that session id).
import type { FakeAcpCli } from '../../fixtures/acp/fakeAcpCli';
import { SEL, UiFlow } from './flow';

const QUESTION = 'and what was the first step again?';

export async function resumeStep(flow: UiFlow, fake: FakeAcpCli): Promise<void> {
  const { page } = flow;
  // (In the same chat panel: a listing turn is not part of the conversation, and `/resume <id>` picks the session.)
  await flow.ask('@cursor /resume');
  await flow.waitForAnswer('Past Cursor chats in this folder', 30_000);
  const listing = await flow.answer();
  await UiFlow.waitUntilFinished(listing, 30_000);
  const button = listing.locator('.monaco-button', { hasText: 'Continue:' }).first();
  await button.waitFor({ timeout: 10_000 });
  await flow.shot('resume-list');
  await button.click();
  // The input now holds `@cursor /resume <id> `: read the id the button put there.
  const input = page.locator(SEL.chatInput).filter({ visible: true }).first();
  let id = '';
  const until = Date.now() + 10_000;
  while (!id) {
    const text = (await input.innerText().catch(() => '')).replace(/\u00a0/g, ' ');
    id = /\/resume\s+([0-9a-f-]{36})/.exec(text)?.[1] ?? '';
    if (!id && Date.now() > until) throw new Error(`the chat input shows ${JSON.stringify(text)}, not "@cursor /resume <id>"`);
    if (!id) await page.waitForTimeout(100);
  }
  await input.click();
  await page.keyboard.press('End');
  await page.keyboard.type(QUESTION, { delay: 15 });
  await flow.sendTyped(QUESTION);
  await UiFlow.waitUntilFinished(await flow.answer(30_000), 60_000);
  const prompts = [...fake.acpLog().values()].flat().filter((l) => l.dir === 'in' && l.msg.method === 'session/prompt');
  const sent = prompts.find((l) => JSON.stringify(l.msg.params).includes(QUESTION));
  if (!sent) throw new Error('the question did not reach the agent');
  const sessionId = (sent.msg.params as { sessionId?: string }).sessionId;
  if (sessionId !== id) throw new Error(`the question went to session ${sessionId}, not to the chat picked (${id})`);
  await flow.pointerAway(10, 450);
  await flow.shot('resume-answered');
}
