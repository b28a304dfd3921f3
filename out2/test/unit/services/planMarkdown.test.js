"use strict";
var __createBinding = (this && this.__createBinding) || (Object.create ? (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    var desc = Object.getOwnPropertyDescriptor(m, k);
    if (!desc || ("get" in desc ? !m.__esModule : desc.writable || desc.configurable)) {
      desc = { enumerable: true, get: function() { return m[k]; } };
    }
    Object.defineProperty(o, k2, desc);
}) : (function(o, m, k, k2) {
    if (k2 === undefined) k2 = k;
    o[k2] = m[k];
}));
var __setModuleDefault = (this && this.__setModuleDefault) || (Object.create ? (function(o, v) {
    Object.defineProperty(o, "default", { enumerable: true, value: v });
}) : function(o, v) {
    o["default"] = v;
});
var __importStar = (this && this.__importStar) || (function () {
    var ownKeys = function(o) {
        ownKeys = Object.getOwnPropertyNames || function (o) {
            var ar = [];
            for (var k in o) if (Object.prototype.hasOwnProperty.call(o, k)) ar[ar.length] = k;
            return ar;
        };
        return ownKeys(o);
    };
    return function (mod) {
        if (mod && mod.__esModule) return mod;
        var result = {};
        if (mod != null) for (var k = ownKeys(mod), i = 0; i < k.length; i++) if (k[i] !== "default") __createBinding(result, mod, k[i]);
        __setModuleDefault(result, mod);
        return result;
    };
})();
Object.defineProperty(exports, "__esModule", { value: true });
/** How a plan's todo list reads as it changes during a turn (the chat cannot edit what it already showed). */
const assert = __importStar(require("node:assert/strict"));
const planMarkdown_1 = require("../../../src/services/planMarkdown");
const todos = (a, b) => [
    { id: '1', content: 'Read the code', status: a },
    { id: '2', content: 'Write\nthe plan', status: b },
];
describe('A plan’s todo list during a turn', () => {
    it('a todo list that changes after the plan shows a progress line per change and the final checklist once under the answer', () => {
        const t = new planMarkdown_1.PlanTracker();
        assert.ok(t.push({ type: 'plan', name: 'P', markdown: 'x', todos: todos('pending', 'pending') }).block?.includes('- [ ] Read the code\n- [ ] Write the plan'));
        assert.deepEqual(t.push({ type: 'todos', todos: todos('in_progress', 'pending') }), { progress: 'To-dos: 0 of 2 done; working on: Read the code' });
        assert.deepEqual(t.push({ type: 'todos', todos: todos('in_progress', 'pending') }), {}, 'the same list again says nothing');
        assert.deepEqual(t.push({ type: 'todos', todos: todos('completed', 'cancelled') }), { progress: 'To-dos: 1 of 2 done' });
        assert.equal(t.finish(), '**To-dos**\n\n- [x] Read the code\n- [ ] ~~Write the plan~~ *(cancelled)*');
        assert.equal(t.finish(), undefined, 'shown once');
    });
    it('a todo list that did not change after the plan is not repeated under the answer', () => {
        const t = new planMarkdown_1.PlanTracker();
        t.push({ type: 'todos', todos: todos('pending', 'pending') });
        t.push({ type: 'plan', name: 'P', markdown: 'x', todos: todos('pending', 'pending') });
        assert.equal(t.finish(), undefined);
    });
    it('a rejected permission request is a progress line, not part of the answer', () => {
        const t = new planMarkdown_1.PlanTracker();
        assert.deepEqual(t.push({ type: 'notice', kind: 'permission', text: 'rejected' }), { progress: 'rejected' });
        assert.equal(t.text, '');
    });
});
//# sourceMappingURL=planMarkdown.test.js.map