/**
 * Every fact about the real CLI that the project's fakes assume
 * (../shared/cursor-agent-acp.md, ../shared/cursor-agent-contract.md), each
 * with the observation of the live script (./script.ts) that checks it. A
 * verdict only: nothing the agent sent is copied into the report.
 */
import type { ScriptRun, StepName, StepResult } from './script';
import { PROMPTS } from './script';

export type Verdict = 'held' | 'did not hold' | 'not seen';

export interface Fact {
  id: string;
  /** Where the fakes' assumption is written down. */
  source: 'acp' | 'print';
  statement: string;
  /** The words of README.md this fact backs (test/unit/live/ holds each to the README). */
  readme: string;
  check(run: ScriptRun): Verdict;
}

const verdict = (seen: boolean, held: boolean): Verdict => (!seen ? 'not seen' : held ? 'held' : 'did not hold');
type Msg = Record<string, unknown>;
const result = (m: Msg | undefined): Msg | undefined => (m?.result && typeof m.result === 'object' ? (m.result as Msg) : undefined);
const step = (run: ScriptRun, name: StepName): StepResult | undefined => (run.steps[name]?.ran ? run.steps[name] : undefined);
/** The client's first request of `method` and its answer. */
const firstCall = (run: ScriptRun, method: string, since = 0) => {
  const req = run.wire.requests(method, 'out', since)[0];
  return { req, answer: req && run.wire.answerTo(req) };
};
const promptAnswers = (run: ScriptRun, name: StepName) => {
  const s = step(run, name);
  if (!s?.startedAt) return [];
  return run.wire
    .requests('session/prompt', 'out', s.startedAt)
    .filter((r) => r.at <= (s.endedAt ?? Infinity))
    .flatMap((r) => {
      const a = run.wire.answerTo(r);
      return a ? [a] : [];
    });
};
const agentRequest = (run: ScriptRun, method: string) => run.wire.requests(method, 'in');

export const FACTS: Fact[] = [
  {
    id: 'A-init-caps',
    readme: 'images where VS Code attaches them',
    source: 'acp',
    statement: 'initialize answers protocolVersion 1 with loadSession: true and promptCapabilities.image: true',
    check: (run) => {
      const r = result(firstCall(run, 'initialize').answer?.msg);
      const caps = r?.agentCapabilities as { loadSession?: unknown; promptCapabilities?: { image?: unknown } } | undefined;
      return verdict(!!r, r?.protocolVersion === 1 && caps?.loadSession === true && caps?.promptCapabilities?.image === true);
    },
  },
  {
    id: 'A-init-auth',
    readme: 'Not signed in',
    source: 'acp',
    statement: 'initialize lists the auth method cursor_login',
    check: (run) => {
      const r = result(firstCall(run, 'initialize').answer?.msg);
      const methods = Array.isArray(r?.authMethods) ? (r.authMethods as Array<{ id?: unknown }>) : [];
      return verdict(
        !!r,
        methods.some((m) => m.id === 'cursor_login'),
      );
    },
  },
  {
    id: 'A-new-agent-mode',
    readme: 'The extension runs the agent in plan or ask mode',
    source: 'acp',
    statement: 'session/new answers a sessionId, starts in agent mode and offers agent, plan and ask',
    check: (run) => {
      const r = result(firstCall(run, 'session/new').answer?.msg);
      const modes = r?.modes as { currentModeId?: unknown; availableModes?: Array<{ id?: unknown }> } | undefined;
      const ids = (modes?.availableModes ?? []).map((m) => m.id);
      return verdict(
        !!r,
        typeof r?.sessionId === 'string' && modes?.currentModeId === 'agent' && ['agent', 'plan', 'ask'].every((m) => ids.includes(m)),
      );
    },
  },
  {
    id: 'A-new-model-option',
    readme: 'every model through **Cursor: Switch Model**',
    source: 'acp',
    statement: 'session/new answers configOptions with a "model" option',
    check: (run) => {
      const r = result(firstCall(run, 'session/new').answer?.msg);
      const opts = Array.isArray(r?.configOptions) ? (r.configOptions as Array<{ id?: unknown }>) : undefined;
      return verdict(!!opts, !!opts?.some((o) => o.id === 'model'));
    },
  },
  {
    id: 'A-commands-update',
    readme: "`/commands` (the agent's own)",
    source: 'acp',
    statement: 'an available_commands_update arrives after session/new',
    check: (run) => verdict(run.wire.requests('session/new').length > 0 && run.wire.updates('available_commands_update').length > 0, true),
  },
  {
    id: 'A-plan-mode-confirmed',
    readme: 'The extension runs the agent in plan or ask mode',
    source: 'acp',
    statement: 'session/set_mode plan answers {} after a current_mode_update naming plan',
    check: (run) => {
      const { req, answer } = firstCall(run, 'session/set_mode');
      if (!req || !answer) return 'not seen';
      const update = run.wire.updates('current_mode_update').find((u) => u.proc === req.proc && u.at >= req.at && u.at <= answer.at);
      const r = result(answer.msg);
      return verdict(true, !!update && update.update.currentModeId === 'plan' && !!r && Object.keys(r).length === 0);
    },
  },
  {
    id: 'A-stop-end-turn',
    readme: 'the answer as it is written',
    source: 'acp',
    statement: 'a finished turn answers session/prompt with stopReason end_turn and no usage',
    check: (run) => {
      const answers = promptAnswers(run, 'plain');
      const r = result(answers[0]?.msg);
      return verdict(!!r, r?.stopReason === 'end_turn' && r.usage === undefined);
    },
  },
  {
    id: 'A-text-deltas',
    readme: 'the answer as it is written',
    source: 'acp',
    statement: 'answer text streams as agent_message_chunk updates with text content',
    check: (run) => {
      const chunks = run.wire.updates('agent_message_chunk');
      return verdict(
        chunks.length > 0,
        chunks.every((c) => typeof (c.update.content as { text?: unknown } | undefined)?.text === 'string'),
      );
    },
  },
  {
    id: 'A-prompt-not-echoed',
    readme: 'the answer as it is written',
    source: 'acp',
    statement: 'the prompt is not echoed back as a user_message_chunk during a turn',
    check: (run) => {
      const s = step(run, 'plain');
      if (!s?.startedAt) return 'not seen';
      return verdict(true, run.wire.updates('user_message_chunk', s.startedAt).filter((u) => u.at <= (s.endedAt ?? Infinity)).length === 0);
    },
  },
  {
    id: 'A-ask-question',
    readme: 'when the agent asks you something, you answer by clicking a choice',
    source: 'acp',
    statement: 'plan mode asks cursor/ask_question with questions[{id, prompt, options[{id, label}]}] and a toolCallId',
    check: (run) => {
      const asks = agentRequest(run, 'cursor/ask_question');
      return verdict(
        asks.length > 0,
        asks.every((a) => {
          const p = a.msg.params as {
            toolCallId?: unknown;
            questions?: Array<{ id?: unknown; prompt?: unknown; options?: Array<{ id?: unknown; label?: unknown }> }>;
          };
          return (
            typeof p?.toolCallId === 'string' &&
            Array.isArray(p.questions) &&
            p.questions.every(
              (q) =>
                typeof q.id === 'string' &&
                typeof q.prompt === 'string' &&
                Array.isArray(q.options) &&
                q.options.every((o) => typeof o.id === 'string' && typeof o.label === 'string'),
            )
          );
        }),
      );
    },
  },
  {
    id: 'A-create-plan',
    readme: 'Under a plan, three buttons',
    source: 'acp',
    statement: 'a plan comes as cursor/create_plan {toolCallId, name, plan (markdown), todos[{id, content, status}]}',
    check: (run) => {
      const plans = agentRequest(run, 'cursor/create_plan');
      return verdict(
        plans.length > 0,
        plans.every((a) => {
          const p = a.msg.params as { toolCallId?: unknown; plan?: unknown; todos?: Array<{ id?: unknown; content?: unknown; status?: unknown }> };
          return (
            typeof p?.toolCallId === 'string' &&
            typeof p.plan === 'string' &&
            Array.isArray(p.todos) &&
            p.todos.every((t) => typeof t.id === 'string')
          );
        }),
      );
    },
  },
  {
    id: 'A-update-todos',
    readme: "its to-dos show in VS Code's to-do list",
    source: 'acp',
    statement: 'to-dos come as cursor/update_todos, the first with merge: false and rows {id, content, status}',
    check: (run) => {
      const todos = agentRequest(run, 'cursor/update_todos');
      const p = todos[0]?.msg.params as { merge?: unknown; todos?: Array<{ id?: unknown; status?: unknown }> } | undefined;
      return verdict(
        todos.length > 0,
        p?.merge === false && Array.isArray(p.todos) && p.todos.every((t) => typeof t.id === 'string' && typeof t.status === 'string'),
      );
    },
  },
  {
    id: 'A-image-prompt',
    readme: 'images where VS Code attaches them',
    source: 'acp',
    statement: 'a prompt with an image block is accepted and answered (end_turn)',
    check: (run) => {
      const r = result(promptAnswers(run, 'image')[0]?.msg);
      const sent = run.wire.requests('session/prompt').some((p) => JSON.stringify(p.msg.params).includes('"type":"image"'));
      return verdict(!!r && sent, r?.stopReason === 'end_turn' && step(run, 'image')?.ok === true);
    },
  },
  {
    id: 'A-cancel',
    readme: '**Stop** ends a turn at once',
    source: 'acp',
    statement: 'session/cancel (a notification) ends the turn with stopReason cancelled within 5 s',
    check: (run) => {
      const c = run.wire.requests('session/cancel')[0];
      const r = promptAnswers(run, 'cancel')[0];
      if (!c || !r) return 'not seen';
      return verdict(true, c.msg.id === undefined && result(r.msg)?.stopReason === 'cancelled' && r.at - c.at < 5000);
    },
  },
  {
    id: 'A-unknown-model',
    readme: 'the status bar shows the model the next question uses',
    source: 'acp',
    statement: 'an unknown model value is refused with -32602, and the turn fails before it starts (no prompt sent)',
    check: (run) => {
      const s = step(run, 'model');
      if (!s?.startedAt) return 'not seen';
      const set = run.wire
        .requests('session/set_config_option', 'out', s.startedAt)
        .filter((r) => JSON.stringify(r.msg.params).includes('verify-live-no-such-model'));
      const answer = set[0] && run.wire.answerTo(set[0]);
      const code = (answer?.msg.error as { code?: unknown } | undefined)?.code;
      const prompted = run.wire.requests('session/prompt', 'out', s.startedAt).some((r) => r.at <= (s.endedAt ?? Infinity));
      // The turn may also be refused before asking the CLI (the model is in no list): that holds too.
      if (!answer) return verdict(s.ok !== undefined, s.ok === false && !prompted);
      return verdict(true, code === -32602 && s.ok === false && !prompted);
    },
  },
  {
    id: 'A-load-replays',
    readme: 'also after a reload',
    source: 'acp',
    statement: 'session/load in a new process replays the history (a user_message_chunk) and its result has no sessionId',
    check: (run) => {
      const { req, answer } = firstCall(run, 'session/load');
      if (!req || !answer) return 'not seen';
      const replayed = run.wire.updates('user_message_chunk', req.at).some((u) => u.proc === req.proc);
      const r = result(answer.msg);
      return verdict(true, req.proc > 0 && replayed && !!r && r.sessionId === undefined);
    },
  },
  {
    id: 'A-load-answer',
    readme: 'also after a reload',
    source: 'acp',
    statement: 'the turn after a load is answered in the loaded session (end_turn), none of the replay shown as its answer',
    check: (run) => {
      const s = step(run, 'load');
      return verdict(!!s?.endedAt && s.ok !== undefined, s?.ok === true && !s.cancelled && s.eventTypes.includes('text'));
    },
  },
  {
    id: 'P-status-json',
    readme: 'Not signed in',
    source: 'print',
    statement: '`status --format json` says isAuthenticated (the probe reads signed in)',
    check: () => 'held', // the run refuses to start otherwise (./verifyLive.ts)
  },
  {
    id: 'P-turn-result',
    readme: 'print mode (`cursor-agent -p`, one process per question) is the fallback',
    source: 'print',
    statement: 'a `-p` turn ends with a result carrying session_id and usage',
    check: (run) => {
      const s = step(run, 'print');
      return verdict(!!s?.endedAt && s.ok !== undefined, s?.ok === true && !!s.sessionId && s.hadUsage === true);
    },
  },
  {
    id: 'E-tools-offered',
    readme: '**Editor tools**',
    source: 'acp',
    statement: 'session/new takes the editor tools as an HTTP MCP server {name, type: "http", url, headers} without an error',
    check: (run) => {
      const { req, answer } = firstCall(run, 'session/new');
      const servers =
        (req?.msg.params as { mcpServers?: Array<{ name?: unknown; type?: unknown; headers?: unknown }> } | undefined)?.mcpServers ?? [];
      const ours = servers.find((sv) => sv.name === run.editorTools?.name);
      return verdict(!!ours && !!answer, ours?.type === 'http' && Array.isArray(ours.headers) && !!result(answer?.msg));
    },
  },
  {
    id: 'E-tools-called',
    readme: 'whether the real CLI uses it is **not verified**',
    source: 'acp',
    statement: 'asked to, the agent calls an editor tool of that server in plan mode (the call reaches the server)',
    check: (run) => (step(run, 'editorTools')?.ok === true && (run.editorTools?.toolCalls ?? 0) > 0 ? 'held' : 'not seen'),
  },
];

/** The prompts of the script: none of them may appear in the report. */
export const SCRIPT_TEXTS: readonly string[] = Object.values(PROMPTS);
