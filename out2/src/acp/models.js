"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.parseVariantId = parseVariantId;
exports.parseAcpModels = parseAcpModels;
exports.chooseModel = chooseModel;
exports.acpModelInfos = acpModelInfos;
exports.variantLabel = variantLabel;
/** `name[k=v,…]` → its base and parameters; ids without brackets have none. */
function parseVariantId(id) {
    const m = /^([^[\]]+)\[([^\]]*)\]$/.exec(id);
    if (!m)
        return { base: id, params: {} };
    const params = {};
    for (const part of m[2].split(',')) {
        const eq = part.indexOf('=');
        if (eq > 0)
            params[part.slice(0, eq).trim()] = part.slice(eq + 1).trim();
    }
    return { base: m[1], params };
}
function selectValues(o) {
    const out = [];
    for (const e of o?.options ?? []) {
        if ('value' in e)
            out.push(e);
        else
            out.push(...e.options);
    }
    return out;
}
function modelOptionOf(options) {
    return options.find((o) => o.id === 'model') ?? options.find((o) => o.category === 'model');
}
/** Reads the model list from a `session/new` or `session/load` result (or later configOptions). */
function parseAcpModels(setup) {
    const options = setup.configOptions ?? [];
    const modelOpt = modelOptionOf(options);
    const fromConfig = selectValues(modelOpt);
    const fromModels = (setup.models?.availableModels ?? []).map((m) => ({ value: m.modelId, name: m.name }));
    const list = fromConfig.length > 0 ? fromConfig : fromModels;
    const seen = new Set();
    const models = [];
    for (const { value, name } of list) {
        if (!value || seen.has(value))
            continue;
        seen.add(value);
        const { base, params } = parseVariantId(value);
        models.push({ id: value, name: name ?? base, base, params });
    }
    const variants = models.some((m) => /\[/.test(m.id));
    const current = typeof modelOpt?.currentValue === 'string' ? modelOpt.currentValue : setup.models?.currentModelId;
    const modelOptions = variants
        ? []
        : options
            .filter((o) => o !== modelOpt && o.id !== 'mode' && o.category !== 'mode')
            .map((o) => ({ id: o.id, values: selectValues(o).map((v) => v.value), ...(o.currentValue !== undefined ? { current: String(o.currentValue) } : {}) }));
    return { form: variants ? 'variants' : 'parameterized', configId: modelOpt?.id ?? 'model', ...(current ? { current } : {}), models, modelOptions };
}
const AUTO = new Set(['auto', 'default', 'default[]']);
/**
 * Resolves a model the user chose to what this session accepts: an exact id,
 * `auto`, or (parameterized form) `base[k=v]` split into the model and its
 * options. Anything else is unknown here: reported, never replaced.
 */
function chooseModel(list, wanted) {
    const exact = list.models.find((m) => m.id === wanted);
    if (exact)
        return { ok: true, value: exact.id, options: [] };
    if (AUTO.has(wanted.toLowerCase())) {
        const auto = list.models.find((m) => m.base === 'default');
        return auto ? { ok: true, value: auto.id, options: [] } : { ok: false };
    }
    if (list.form !== 'parameterized')
        return { ok: false };
    const { base, params } = parseVariantId(wanted);
    const model = list.models.find((m) => m.id === base);
    if (!model)
        return { ok: false };
    const options = [];
    for (const [k, v] of Object.entries(params)) {
        const opt = list.modelOptions.find((o) => o.id === k);
        if (!opt || (opt.values.length > 0 && !opt.values.includes(v)))
            return { ok: false };
        options.push({ configId: k, value: v });
    }
    return { ok: true, value: model.id, options };
}
/** `300k` → 300 000, `1m` → 1 000 000; undefined when unstated or unreadable. */
function contextTokensOf(value) {
    const m = /^(\d+(?:\.\d+)?)([km])$/i.exec(value ?? '');
    if (!m)
        return undefined;
    return Math.round(Number(m[1]) * (m[2].toLowerCase() === 'k' ? 1_000 : 1_000_000));
}
/**
 * The session's models as the model picker and Switch Model list them: the ids the session accepts
 * (each bracketed variant its own entry; bare names in the parameterized form), the agent's label with
 * the variant in the words print mode's labels use ({@link variantLabel}), Auto marked as the default, the session's model as the current one. Auto is
 * listed as `auto` (which {@link chooseModel} resolves), the id print mode lists it under too: a chat
 * model picker holding Auto keeps it when the backend changes, and `selectChatModels({ id: 'auto' })`
 * works on both.
 */
function acpModelInfos(list) {
    const short = list.models.map(variantLabel);
    const seen = new Map();
    for (const l of short)
        seen.set(l, (seen.get(l) ?? 0) + 1);
    return list.models.map((m, i) => {
        const context = contextTokensOf(m.params.context);
        return {
            id: m.base === 'default' ? 'auto' : m.id,
            // Two variants that read the same once their off flags are dropped keep every parameter.
            label: seen.get(short[i]) === 1 ? short[i] : explicitLabel(m),
            ...(context ? { contextTokens: context } : {}),
            isDefault: m.base === 'default',
            isCurrent: m.id === list.current,
        };
    });
}
const EFFORT_WORDS = { xhigh: 'Extra High', 'extra-high': 'Extra High', high: 'High', medium: 'Medium', low: 'Low', max: 'Max', minimal: 'Minimal', none: 'None' };
const EFFORT_KEYS = ['effort', 'reasoning', 'reasoning_effort'];
/**
 * A variant's label in the words `cursor-agent models` uses (`claude-opus-5[thinking=true,context=300k,effort=high,fast=false]`
 * → `claude-opus-5 300K High Thinking`): the context window, the effort, Fast, Thinking; a flag that is off is not
 * mentioned; a parameter with no such word keeps its `k=v` form, in parentheses.
 */
function variantLabel(m) {
    const words = [];
    const other = [];
    const p = m.params;
    if (p.context !== undefined) {
        if (/^\d+(?:\.\d+)?[km]$/i.test(p.context))
            words.push(p.context.toUpperCase());
        else
            other.push(`context=${p.context}`);
    }
    for (const k of EFFORT_KEYS) {
        if (p[k] === undefined)
            continue;
        const word = EFFORT_WORDS[p[k].toLowerCase()];
        if (word)
            words.push(word);
        else
            other.push(`${k}=${p[k]}`);
    }
    for (const [k, word] of [['fast', 'Fast'], ['thinking', 'Thinking']]) {
        if (p[k] === 'true')
            words.push(word);
        else if (p[k] !== undefined && p[k] !== 'false')
            other.push(`${k}=${p[k]}`);
    }
    for (const [k, v] of Object.entries(p))
        if (!['context', 'fast', 'thinking', ...EFFORT_KEYS].includes(k))
            other.push(`${k}=${v}`);
    return [m.name, ...words, ...(other.length ? [`(${other.join(', ')})`] : [])].join(' ');
}
function explicitLabel(m) {
    const params = Object.entries(m.params).map(([k, v]) => `${k}=${v}`);
    return params.length > 0 ? `${m.name} (${params.join(', ')})` : m.name;
}
//# sourceMappingURL=models.js.map