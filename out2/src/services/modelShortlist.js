"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.SHORTLIST_MAX = void 0;
exports.variantOf = variantOf;
exports.groupByFamily = groupByFamily;
exports.shortlist = shortlist;
exports.SHORTLIST_MAX = 15;
const EFFORTS = [
    [/^medium$/i, 0],
    [/^high$/i, 1],
    [/^low$/i, 2],
    [/^(?:extra high|xhigh|x-high)$/i, 3],
    [/^max$/i, 4],
    [/^(?:minimal|none)$/i, 5],
];
// Trailing label words that name a variant rather than the model (the 2026.10 labels).
const VARIANT_WORD = /\s+(?:\d+(?:\.\d+)?\s?[KkMm]|Extra High|XHigh|X-High|High|Medium|Low|Max|Minimal|None|Fast|Thinking)$/;
/** Splits a model's label into its family and its variant (`GPT-5.5 272K High Fast` → `GPT-5.5` + `272K High Fast`). */
function variantOf(m) {
    let family = m.label.trim();
    const words = [];
    for (let guard = 0; guard < 8; guard++) {
        const hit = VARIANT_WORD.exec(family);
        if (!hit || hit.index === 0)
            break;
        words.unshift(hit[0].trim());
        family = family.slice(0, hit.index);
    }
    if (family === '')
        family = m.id;
    let rank = 0;
    const effort = words.find((w) => EFFORTS.some(([re]) => re.test(w)));
    rank += effort ? (EFFORTS.find(([re]) => re.test(effort))?.[1] ?? 0) * 10 : 0;
    if (words.some((w) => /^fast$/i.test(w)))
        rank += 100;
    if (words.some((w) => /^thinking$/i.test(w)))
        rank += 200;
    // A 1M variant of a model that also comes with a smaller window is the special one.
    if (words.some((w) => /^\d+(?:\.\d+)?\s?[Mm]$/.test(w)))
        rank += 5;
    return { family, variant: words.join(' '), rank };
}
/** The models grouped by family, families in the order the CLI first lists them. */
function groupByFamily(models) {
    const byName = new Map();
    for (const m of models) {
        const v = variantOf(m);
        const key = v.family.toLowerCase();
        const f = byName.get(key);
        if (!f)
            byName.set(key, { name: v.family, models: [m], best: m, bestRank: v.rank });
        else {
            f.models.push(m);
            if (v.rank < f.bestRank) {
                f.best = m;
                f.bestRank = v.rank;
            }
        }
    }
    return [...byName.values()].map((f) => ({ name: f.name, models: f.models, primary: f.best }));
}
/** The ids the model picker shows, in a stable order (the CLI's). */
function shortlist(input) {
    const ids = new Set();
    const known = new Set(input.models.map((m) => m.id));
    const add = (id) => {
        if (id && known.has(id))
            ids.add(id);
    };
    add(input.models.find((m) => m.id === 'auto')?.id);
    add(input.models.find((m) => m.isDefault)?.id);
    add(input.selected);
    const chosen = input.chosen.filter((id) => known.has(id));
    if (chosen.length > 0) {
        for (const id of chosen)
            add(id);
        return ids;
    }
    for (const f of groupByFamily(input.models)) {
        if (ids.size >= exports.SHORTLIST_MAX)
            break;
        if (f.models.some((m) => ids.has(m.id) && m.id !== input.selected))
            continue; // Auto, or the default is this family's entry
        add(f.primary.id);
    }
    return ids;
}
//# sourceMappingURL=modelShortlist.js.map