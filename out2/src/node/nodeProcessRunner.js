"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NodeProcessRunner = void 0;
const processRun_1 = require("./processRun");
const processTree_1 = require("./processTree");
const DEFAULT_COMPLETION_LINGER_MS = 500;
class NodeProcessRunner {
    logger;
    live = new Set();
    disposed = false;
    platform;
    completionLingerMs;
    constructor(logger, options = {}) {
        this.logger = logger;
        this.platform = options.platform ?? process.platform;
        this.completionLingerMs = options.completionLingerMs ?? DEFAULT_COMPLETION_LINGER_MS;
    }
    run(request) {
        const run = new processRun_1.ProcessRun(request, this.platform, this.completionLingerMs, this.logger);
        if (this.disposed)
            return run.finishWithoutSpawn('cancelled');
        this.live.add(run);
        return run.start().finally(() => this.live.delete(run));
    }
    /** Number of runs whose process (tree) has not been settled yet. */
    get liveRuns() {
        return this.live.size;
    }
    /**
     * Ends every live run at once: the extension host may exit right after
     * this returns, and then no timer, callback or child-process event would run
     * (the children are detached, so they don't get the host's signals either).
     * So nothing is left to them: SIGKILL to every group and known pid (and on
     * Linux the descendants found), or a detached `taskkill /T /F` on Windows,
     * all before returning. The runs still resolve (`cancelled`) if the host lives on.
     */
    dispose() {
        this.disposed = true;
        const trees = [];
        for (const run of this.live) {
            const tree = run.endNow();
            if (tree !== undefined)
                trees.push(tree);
        }
        if (trees.length > 0)
            (0, processTree_1.killTreesNow)(trees, this.platform);
    }
}
exports.NodeProcessRunner = NodeProcessRunner;
//# sourceMappingURL=nodeProcessRunner.js.map