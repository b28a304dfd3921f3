"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.UpdateMapper = void 0;
const toolActivity_1 = require("../cli/toolActivity");
const agentRequests_1 = require("./agentRequests");
const schema_1 = require("./schema");
const textErrors_1 = require("./textErrors");
const MAX_UNKNOWN_KINDS = 32;
/** ACP tool kinds → the print-mode tool kinds {@link describeToolCall} knows. */
function printKind(t) {
    switch (t.acpKind) {
        case 'read':
        case 'edit':
        case 'delete':
        case 'move':
            return t.acpKind;
        case 'execute':
            return 'shell';
        case 'fetch':
            return 'webFetch';
        case 'search':
            return /^find\b|^glob\b/i.test(t.title ?? '') ? 'glob' : 'grep';
        default: {
            const name = t.rawInput._toolName;
            return typeof name === 'string' && /^\w{1,60}$/.test(name) ? name : (t.acpKind ?? 'other');
        }
    }
}
class UpdateMapper {
    opts;
    stats = { updates: 0, invalidUpdates: 0, unknownKinds: Object.create(null), replayed: 0 };
    tools = new Map();
    guard = new textErrors_1.ErrorTextGuard();
    thinking = false;
    breached = false;
    shown = '';
    constructor(opts = { readOnly: true }) {
        this.opts = opts;
    }
    /** The answer text shown so far. */
    get text() {
        return this.shown;
    }
    push(update) {
        this.stats.updates++;
        const kind = update.sessionUpdate;
        if (!Object.hasOwn(schema_1.UPDATE_SCHEMAS, kind)) {
            this.countUnknown(kind);
            return [];
        }
        const parsed = schema_1.UPDATE_SCHEMAS[kind].safeParse(update);
        if (!parsed.success) {
            this.stats.invalidUpdates++;
            return [];
        }
        switch (kind) {
            case 'agent_message_chunk': {
                const c = parsed.data.content;
                if (c.type !== 'text' || !c.text)
                    return [];
                return this.text$(this.guard.push(c.text), this.endThinking());
            }
            case 'agent_thought_chunk': {
                const c = parsed.data.content;
                if (c.type !== 'text' || !c.text)
                    return [];
                const out = this.releaseHeld([]);
                this.thinking = true;
                out.push({ type: 'thinking', text: c.text });
                return out;
            }
            case 'tool_call':
            case 'tool_call_update':
                return this.tool(parsed.data);
            case 'plan': {
                const entries = parsed.data.entries;
                return [...this.flushHeld(), { type: 'todos', todos: (0, agentRequests_1.todosOf)(entries) }];
            }
            default:
                // user_message_chunk (the prompt, or replayed history), mode, title, commands: never shown.
                return [];
        }
    }
    /**
     * The turn ended: closes tools left open, and says whether the held text was
     * a failure message (`error`, not shown) or the end of the answer (emitted).
     */
    finish() {
        const events = this.endThinking();
        const held = this.guard.finish();
        let error;
        if ('kind' in held)
            error = { kind: held.kind, text: held.text };
        else
            this.text$(held.rest, events);
        for (const [callId, t] of this.tools) {
            if (t.started && !t.completed) {
                t.completed = true;
                events.push(this.toolEvent(callId, t, 'completed', 'unknown'));
            }
        }
        return { events, ...(error ? { error } : {}) };
    }
    text$(text, out) {
        if (text) {
            this.shown += text;
            out.push({ type: 'text', text });
        }
        return out;
    }
    endThinking() {
        if (!this.thinking)
            return [];
        this.thinking = false;
        return [{ type: 'thinkingDone' }];
    }
    /** Text held as a possible failure message turned out not to end the turn: show it. */
    flushHeld() {
        return this.releaseHeld(this.endThinking());
    }
    releaseHeld(out) {
        const held = this.guard.finish();
        // Whatever it looked like, more followed, so it is part of the answer.
        return this.text$('kind' in held ? held.raw : held.rest, out);
    }
    tool(u) {
        if (u.toolCallId.startsWith('replay-')) {
            this.stats.replayed++;
            return [];
        }
        let t = this.tools.get(u.toolCallId);
        if (!t) {
            t = { rawInput: {}, started: false, completed: false, hasDiff: false };
            this.tools.set(u.toolCallId, t);
        }
        if (u.kind)
            t.acpKind = u.kind;
        if (u.title)
            t.title = u.title;
        if (u.rawInput && Object.keys(u.rawInput).length > 0)
            t.rawInput = { ...t.rawInput, ...u.rawInput };
        const loc = u.locations?.[0]?.path;
        if (loc)
            t.path = loc;
        if (u.content?.some((c) => c.type === 'diff'))
            t.hasDiff = true;
        const out = this.flushHeld();
        if (t.completed)
            return out;
        const done = u.status === 'completed' || u.status === 'failed';
        // Opened once the call says what it does (the first `tool_call` is generic), or when it runs.
        const informative = Object.keys(t.rawInput).some((k) => k !== '_toolName') || u.status === 'in_progress' || done;
        if (!t.started && informative) {
            t.started = true;
            out.push(this.toolEvent(u.toolCallId, t, 'started'));
        }
        if (done) {
            t.completed = true;
            const ev = this.toolEvent(u.toolCallId, t, 'completed', u.status === 'failed' ? 'error' : 'success');
            out.push(ev);
            const writes = ((t.acpKind === 'edit' || t.acpKind === 'delete') && t.hasDiff) || t.acpKind === 'execute';
            if (this.opts.readOnly && u.status === 'completed' && writes && !this.breached && ev.type === 'tool') {
                this.breached = true;
                out.push({ type: 'policyBreach', kind: ev.kind, summary: ev.summary });
            }
        }
        return out;
    }
    toolEvent(callId, t, phase, outcome) {
        const kind = printKind(t);
        const args = { ...t.rawInput, ...(t.path && typeof t.rawInput.path !== 'string' && kind !== 'glob' && kind !== 'grep' ? { path: t.path } : {}) };
        const d = (0, toolActivity_1.describeToolCall)({ [`${kind}ToolCall`]: { args } });
        // Kinds print mode does not know get the agent's own title rather than "Using the … tool".
        const summary = d.summary.startsWith('Using ') && t.title ? oneLine(t.title) : d.summary;
        const path = d.path ?? t.path;
        return { type: 'tool', callId, phase, kind: d.kind, summary, mutating: d.mutating || t.acpKind === 'execute', ...(path ? { path } : {}), ...(outcome ? { outcome } : {}) };
    }
    countUnknown(kind) {
        const k = this.stats.unknownKinds;
        let name = kind.length > 64 ? kind.slice(0, 64) + '…' : kind;
        if (!Object.hasOwn(k, name) && Object.keys(k).length >= MAX_UNKNOWN_KINDS)
            name = '(other)';
        k[name] = (k[name] ?? 0) + 1;
    }
}
exports.UpdateMapper = UpdateMapper;
function oneLine(s) {
    const t = s.replace(/\s+/g, ' ').trim();
    return t.length <= 160 ? t : t.slice(0, 159) + '…';
}
//# sourceMappingURL=updates.js.map