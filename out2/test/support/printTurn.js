"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.printTurn = printTurn;
async function printTurn(agent, turn) {
    // A planned turn is past the trust gate (that is ChatTurnFlow.run's first step).
    const r = await agent.chatFlow(() => true).runPlanned(turn);
    if (r.status === 'failed')
        throw r.error;
    if (r.status === 'refused')
        throw new Error(`the turn was refused (${r.reason})`);
    const { status: _s, workspace: _w, backend: _b, ...answer } = r;
    return answer;
}
//# sourceMappingURL=printTurn.js.map