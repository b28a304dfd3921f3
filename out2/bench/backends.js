"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.PRINT_STARTUP_MS = exports.SESSION_NEW_MS = exports.INITIALIZE_MS = void 0;
exports.benchBackends = benchBackends;
const backendStack_1 = require("./backendStack");
const lib_1 = require("./lib");
const backendsMemory_1 = require("./backendsMemory");
const wireTap_1 = require("./wireTap");
/** spawn → `initialize` answered: 0.4–0.65 s measured (the captures in ../shared/samples-acp: 395–404 ms). */
exports.INITIALIZE_MS = 500;
/** `session/new`: 1.5–2.5 s measured (captures: 1.49–1.54 s). */
exports.SESSION_NEW_MS = 2000;
/** A `-p` run pays both every turn (the print captures print `init` 3.96–4.11 s after start: this is on the kind side). */
exports.PRINT_STARTUP_MS = exports.INITIALIZE_MS + exports.SESSION_NEW_MS;
const WARMUP = 1;
const ROUNDS = 10;
const TARGET_MS = 5;
const SETTLE_MS = 100;
const PROMPT = 'What does app.ts export?';
const ANSWER = 'app.ts exports one constant, x, equal to 1.';
async function timedTurn(pair, tap, backend, resumeId) {
    const pidsBefore = pair.fake.pids().length;
    tap.clear();
    let textAt;
    const t0 = (0, lib_1.nowMs)();
    const outcome = await backend.runTurn({
        workspace: pair.workspace,
        mode: 'plan',
        prompt: PROMPT,
        ...(resumeId ? { resumeId } : {}),
        onEvent: (e) => {
            if (e.type === 'text' && textAt === undefined)
                textAt = (0, lib_1.nowMs)();
        },
    });
    if (!outcome.ok)
        throw new Error(`${backend.id} turn failed: ${outcome.error.kind}: ${outcome.error.message}`);
    if (textAt === undefined)
        throw new Error(`${backend.id} turn showed no text`);
    const acp = backend.id === 'acp';
    // On the wire: ACP sends `session/prompt` into the live process; print mode spawns the CLI.
    const prompt = acp ? tap.firstWrite(t0, '"method":"session/prompt"') : undefined;
    const sent = acp ? prompt?.at : tap.spawnedSince(t0)[0]?.spawnAt;
    const chunk = tap.firstRead(t0, acp ? '"agent_message_chunk"' : '"type":"assistant"')?.at;
    if (sent === undefined || chunk === undefined)
        throw new Error(`${backend.id}: the tap saw no request or no first-text chunk`);
    const beforeMs = sent - t0;
    // Before the prompt, an ACP turn may wait on the agent (session/set_mode): that time is the CLI's.
    const ownBeforeMs = prompt ? tap.ownTime(prompt.child, t0, sent) : beforeMs;
    const afterMs = textAt - chunk;
    return {
        firstTextMs: textAt - t0,
        overheadMs: ownBeforeMs + afterMs,
        beforeMs,
        ownBeforeMs,
        afterMs,
        processes: pair.fake.pids().length - pidsBefore,
        sessionId: outcome.sessionId,
    };
}
/** Waits until the fake's ACP processes answered `sessions` session/new in all (their own wire logs), then lets the large commands update after it land. */
async function spareReady(pair, sessions) {
    const answered = () => (0, backendStack_1.acpPidsOf)(pair.fake).reduce((n, pid) => n + (0, backendStack_1.sessionsAnswered)(pair.fake, pid), 0) >= sessions;
    if ((await (0, lib_1.waitFor)(answered, 30_000, 10)) === undefined)
        throw new Error(`the ACP spare session (${sessions}) was not ready within 30 s`);
    await (0, lib_1.sleep)(SETTLE_MS); // the available_commands_update (40 KB) lands before Enter, as it would for a user
}
async function benchBackends() {
    const tap = new wireTap_1.WireTap();
    tap.install();
    const pair = await (0, backendStack_1.createBackendPair)({ initializeDelayMs: exports.INITIALIZE_MS, sessionNewDelayMs: exports.SESSION_NEW_MS, loadDelayMs: exports.SESSION_NEW_MS, turn: { kind: 'answer', text: ANSWER, chunk: 12 } }, { turn: { kind: 'firstTextImmediately', answer: ANSWER, startupMs: exports.PRINT_STARTUP_MS } });
    try {
        const prepareAt = (0, lib_1.nowMs)();
        pair.acp.prepare(pair.workspace); // when the chat view opens
        await spareReady(pair, 1);
        const prepareMs = (0, lib_1.nowMs)() - prepareAt - SETTLE_MS;
        const acp = { turn1: [], turn2: [] };
        const print = { turn1: [], turn2: [] };
        for (let i = 0; i < WARMUP + ROUNDS; i++) {
            const p1 = await timedTurn(pair, tap, pair.print, undefined);
            const p2 = await timedTurn(pair, tap, pair.print, p1.sessionId);
            await spareReady(pair, i + 1);
            const a1 = await timedTurn(pair, tap, pair.acp, undefined);
            const a2 = await timedTurn(pair, tap, pair.acp, a1.sessionId);
            if (i < WARMUP)
                continue;
            print.turn1.push(p1);
            print.turn2.push(p2);
            acp.turn1.push(a1);
            acp.turn2.push(a2);
        }
        tap.uninstall(); // its records would count as our memory
        const memory = await (0, backendsMemory_1.measureMemory)(pair, { text: ANSWER, prompt: PROMPT });
        const after = await (0, backendsMemory_1.measureProcessesAfter)(pair, [pair.acp], { prompt: PROMPT });
        return [...timingRows(acp, print, prepareMs), ...memory, ...after];
    }
    finally {
        tap.uninstall();
        pair.dispose();
    }
}
const costs = `fake start-up costs: acp initialize ${exports.INITIALIZE_MS} ms + session/new ${exports.SESSION_NEW_MS} ms once per process/session; -p ${exports.PRINT_STARTUP_MS} ms every run`;
function timingRows(acp, print, prepareMs) {
    const rows = [];
    for (const turn of ['turn1', 'turn2']) {
        const a = acp[turn];
        const p = print[turn];
        const what = turn === 'turn1' ? 'turn 1 (a new chat; ACP on the prepared spare session)' : 'turn 2 (the same chat: ACP warm session, print --resume)';
        const am = (0, lib_1.median)(a.map((s) => s.firstTextMs));
        const pm = (0, lib_1.median)(p.map((s) => s.firstTextMs));
        rows.push({
            name: `backends_acp_${turn}_first_text`,
            value: (0, lib_1.round)(am, 2),
            unit: 'ms',
            baseline: (0, lib_1.round)(pm, 1),
            ratio: (0, lib_1.round)((0, lib_1.ratioOf)(am, pm), 5),
            target: null,
            met: null,
            p95: (0, lib_1.round)((0, lib_1.p95)(a.map((s) => s.firstTextMs)), 2),
            runs: a.length,
            detail: `Enter → first text, ${what}: ${(pm - am).toFixed(0)} ms sooner than print mode (the baseline, the same turn); ${costs}` +
                (turn === 'turn1' ? `; preparing the spare took ${prepareMs.toFixed(0)} ms` : ''),
        });
        rows.push({
            name: `backends_print_${turn}_first_text`,
            value: (0, lib_1.round)(pm, 1),
            unit: 'ms',
            baseline: null,
            ratio: null,
            target: null,
            met: null,
            p95: (0, lib_1.round)((0, lib_1.p95)(p.map((s) => s.firstTextMs)), 1),
            runs: p.length,
            detail: `Enter → first text, ${turn === 'turn1' ? 'turn 1 (a new chat)' : 'turn 2 (the same chat, --resume)'}; ${exports.PRINT_STARTUP_MS} ms of it is the fake's start-up cost`,
        });
    }
    for (const turn of ['turn1', 'turn2']) {
        for (const [id, side] of [['acp', acp], ['print', print]]) {
            const s = side[turn];
            const om = (0, lib_1.median)(s.map((x) => x.overheadMs));
            const target = id === 'acp' ? `< ${TARGET_MS} ms` : null;
            rows.push({
                name: `backends_${id}_${turn}_overhead`,
                value: (0, lib_1.round)(om, 3),
                unit: 'ms',
                baseline: null,
                ratio: null,
                target,
                met: target ? om < TARGET_MS : null,
                p95: (0, lib_1.round)((0, lib_1.p95)(s.map((x) => x.overheadMs)), 3),
                runs: s.length,
                detail: `our own time in the turn, measured in our process: before the request (Enter → ${id === 'acp' ? 'session/prompt written' : 'spawn()'}` +
                    ` median ${(0, lib_1.median)(s.map((x) => x.beforeMs)).toFixed(3)} ms` +
                    (id === 'acp' && turn === 'turn1' ? `, of it ours ${(0, lib_1.median)(s.map((x) => x.ownBeforeMs)).toFixed(3)} ms, the rest waiting for the agent to confirm session/set_mode plan` : '') +
                    `) + after the model's first token (the chunk carrying it read → text event, median ${(0, lib_1.median)(s.map((x) => x.afterMs)).toFixed(3)} ms,` +
                    ` p95 ${(0, lib_1.p95)(s.map((x) => x.afterMs)).toFixed(3)}); the rest is the CLI`,
            });
        }
    }
    for (const turn of ['turn1', 'turn2']) {
        for (const [id, side] of [['acp', acp], ['print', print]]) {
            const counts = side[turn].map((x) => x.processes);
            const total = counts.reduce((x, y) => x + y, 0);
            const target = id === 'acp' ? '0 per turn' : null;
            rows.push({
                name: `backends_${id}_${turn}_processes`,
                value: (0, lib_1.round)(total / counts.length, 2),
                unit: 'processes',
                baseline: null,
                ratio: null,
                target,
                met: target ? total === 0 : null,
                runs: counts.length,
                detail: `CLI processes started per turn (the fake's own records), per run: ${counts.join(' ')}`,
            });
        }
    }
    return rows;
}
//# sourceMappingURL=backends.js.map