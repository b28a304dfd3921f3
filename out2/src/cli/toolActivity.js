"use strict";
/**
 * Turns a `tool_call` payload (`{ <kind>ToolCall: { args, result } }`) into a
 * one-line human summary, and decides whether a kind can change the user's
 * files or run commands. New kinds appear between CLI releases: unknown kinds
 * get a generic summary and are treated as read-only unless their name says
 * otherwise.
 */
Object.defineProperty(exports, "__esModule", { value: true });
exports.describeToolCall = describeToolCall;
const MUTATING = new Set([
    'edit', 'write', 'delete', 'shell', 'applyAgentDiff', 'writeShellStdin', 'piEdit', 'piWrite', 'piBash', 'replaceEnv', 'multiEdit', 'move', 'rename',
]);
function describeToolCall(toolCall) {
    const key = Object.keys(toolCall).find((k) => k.endsWith('ToolCall')) ?? Object.keys(toolCall)[0] ?? 'unknown';
    const kind = key.endsWith('ToolCall') ? key.slice(0, -'ToolCall'.length) : key;
    const body = asRecord(toolCall[key]);
    const args = asRecord(body?.args) ?? {};
    const outcome = outcomeOf(body?.result);
    const str = (...names) => {
        for (const n of names) {
            const v = args[n];
            if (typeof v === 'string' && v.trim() !== '')
                return oneLine(v);
        }
        return undefined;
    };
    const path = str('path', 'filePath', 'targetFile', 'file', 'directory', 'dir', 'targetDirectory');
    const mutating = MUTATING.has(kind) || /^(edit|write|delete|shell|apply|bash|exec|run)/i.test(kind);
    let summary;
    switch (kind) {
        case 'read':
            summary = path ? `Reading ${path}` : 'Reading a file';
            break;
        case 'ls':
            summary = path ? `Listing ${path}` : 'Listing a folder';
            break;
        case 'glob': {
            const p = str('globPattern', 'pattern', 'glob');
            summary = p ? `Finding files matching \`${p}\`` : 'Finding files';
            break;
        }
        case 'grep': {
            const p = str('pattern', 'query', 'regex');
            summary = p ? `Searching for \`${p}\`${path ? ` in ${path}` : ''}` : 'Searching';
            break;
        }
        case 'semSearch': {
            const q = str('query');
            summary = q ? `Searching the codebase for "${q}"` : 'Searching the codebase';
            break;
        }
        case 'shell': {
            const c = str('command');
            summary = c ? `Running \`${c}\`` : 'Running a command';
            break;
        }
        case 'edit':
        case 'write':
        case 'delete': {
            const verb = kind === 'delete' ? 'Deleting' : kind === 'write' ? 'Writing' : 'Editing';
            summary = path ? `${verb} ${path}` : `${verb} a file`;
            break;
        }
        case 'mcp': {
            const t = str('toolName', 'name');
            const s = str('serverIdentifier', 'providerIdentifier');
            summary = t ? `Calling MCP tool \`${t}\`${s ? ` (${s})` : ''}` : 'Calling an MCP tool';
            break;
        }
        case 'getMcpTools':
            summary = 'Listing MCP tools';
            break;
        case 'webSearch': {
            const q = str('searchTerm', 'query');
            summary = q ? `Searching the web for "${q}"` : 'Searching the web';
            break;
        }
        case 'webFetch':
        case 'fetch': {
            const u = str('url');
            summary = u ? `Fetching ${u}` : 'Fetching a page';
            break;
        }
        case 'updateTodos':
        case 'readTodos':
            summary = 'Updating the plan';
            break;
        default:
            summary = `Using ${humanize(kind)}${path ? ` on ${path}` : ''}`;
    }
    return { kind, summary: truncate(summary, 160), ...(path ? { path } : {}), mutating, ...(outcome ? { outcome } : {}) };
}
function outcomeOf(result) {
    const r = asRecord(result);
    if (!r)
        return undefined;
    if ('success' in r)
        return 'success';
    if ('rejected' in r)
        return 'rejected';
    if ('error' in r)
        return 'error';
    return 'unknown';
}
function asRecord(v) {
    return typeof v === 'object' && v !== null && !Array.isArray(v) ? v : undefined;
}
function oneLine(s) {
    return s.replace(/\s+/g, ' ').trim();
}
function truncate(s, n) {
    return s.length <= n ? s : s.slice(0, n - 1) + '…';
}
function humanize(kind) {
    const words = kind.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
    return words === 'unknown' ? 'a tool' : `the ${words} tool`;
}
//# sourceMappingURL=toolActivity.js.map