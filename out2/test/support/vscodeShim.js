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
exports.vscodeShim = exports.shimState = exports.FileType = exports.Location = exports.ChatResponseTurn = exports.ChatResponseMarkdownPart = exports.ChatRequestTurn = exports.LanguageModelError = exports.LanguageModelChatMessageRole = exports.LanguageModelToolResultPart = exports.LanguageModelTextPart = exports.Uri = exports.Disposable = exports.EventEmitter = void 0;
exports.installVscodeShim = installVscodeShim;
/**
 * Just enough of the `vscode` module to run the real chat participant
 * (src/vscode/participant.ts) and language model provider
 * (src/vscode/lmProvider.ts) in plain Node: for fast plain-mocha unit tests
 * (with test/support/fakeProcessRunner.ts or a fake CLI) and for benchmark 5.
 * It stands in for the editor only: the code tested or measured (prompt
 * planning, the agent service, the runner, the CLI) is the extension's own.
 * `installVscodeShim()` makes `require('vscode')` return it.
 */
const path = __importStar(require("node:path"));
const Module = require("node:module");
class EventEmitter {
    listeners = new Set();
    event = (listener) => {
        this.listeners.add(listener);
        return { dispose: () => this.listeners.delete(listener) };
    };
    fire(value) {
        for (const l of [...this.listeners])
            l(value);
    }
    dispose() {
        this.listeners.clear();
    }
}
exports.EventEmitter = EventEmitter;
class Disposable {
    fn;
    constructor(fn) {
        this.fn = fn;
    }
    dispose() {
        this.fn();
    }
}
exports.Disposable = Disposable;
class Uri {
    scheme;
    fsPath;
    constructor(scheme, fsPath) {
        this.scheme = scheme;
        this.fsPath = fsPath;
    }
    get path() {
        return this.fsPath;
    }
    static file(p) {
        return new Uri('file', p);
    }
    static parse(s) {
        const m = /^([a-z][\w+.-]*):(.*)$/i.exec(s);
        return m ? new Uri(m[1], m[2]) : new Uri('file', s);
    }
    static joinPath(base, ...parts) {
        return new Uri(base.scheme, path.join(base.fsPath, ...parts));
    }
    toString() {
        return `${this.scheme}://${this.fsPath}`;
    }
}
exports.Uri = Uri;
class LanguageModelTextPart {
    value;
    constructor(value) {
        this.value = value;
    }
}
exports.LanguageModelTextPart = LanguageModelTextPart;
class LanguageModelToolResultPart {
    callId;
    content;
    constructor(callId, content) {
        this.callId = callId;
        this.content = content;
    }
}
exports.LanguageModelToolResultPart = LanguageModelToolResultPart;
var LanguageModelChatMessageRole;
(function (LanguageModelChatMessageRole) {
    LanguageModelChatMessageRole[LanguageModelChatMessageRole["User"] = 1] = "User";
    LanguageModelChatMessageRole[LanguageModelChatMessageRole["Assistant"] = 2] = "Assistant";
})(LanguageModelChatMessageRole || (exports.LanguageModelChatMessageRole = LanguageModelChatMessageRole = {}));
class LanguageModelError extends Error {
    code;
    constructor(message, code = 'Unknown') {
        super(message);
        this.code = code;
    }
    static NoPermissions(m) {
        return new LanguageModelError(m, 'NoPermissions');
    }
    static Blocked(m) {
        return new LanguageModelError(m, 'Blocked');
    }
    static NotFound(m) {
        return new LanguageModelError(m, 'NotFound');
    }
}
exports.LanguageModelError = LanguageModelError;
class ChatRequestTurn {
    prompt;
    command;
    participant;
    references = [];
    toolReferences = [];
    constructor(prompt, command, participant = 'cursor-agent.cursor') {
        this.prompt = prompt;
        this.command = command;
        this.participant = participant;
    }
}
exports.ChatRequestTurn = ChatRequestTurn;
class ChatResponseMarkdownPart {
    value;
    constructor(value) {
        this.value = { value };
    }
}
exports.ChatResponseMarkdownPart = ChatResponseMarkdownPart;
class ChatResponseTurn {
    response;
    result;
    participant;
    command;
    constructor(response, result, participant = 'cursor-agent.cursor', command) {
        this.response = response;
        this.result = result;
        this.participant = participant;
        this.command = command;
    }
}
exports.ChatResponseTurn = ChatResponseTurn;
class Location {
    uri;
    range;
    constructor(uri, range) {
        this.uri = uri;
        this.range = range;
    }
}
exports.Location = Location;
exports.FileType = { Unknown: 0, File: 1, Directory: 2, SymbolicLink: 64 };
exports.shimState = { workspaceFolder: process.cwd() };
const folder = () => ({ uri: Uri.file(exports.shimState.workspaceFolder), name: path.basename(exports.shimState.workspaceFolder), index: 0 });
const folderAt = (p, index) => ({ uri: Uri.file(p), name: path.basename(p), index });
const message = (level) => async (text, ..._items) => {
    (exports.shimState.messages ??= []).push({ level, text });
    return undefined;
};
exports.vscodeShim = {
    EventEmitter,
    Disposable,
    Uri,
    LanguageModelTextPart,
    LanguageModelToolResultPart,
    LanguageModelChatMessageRole,
    LanguageModelError,
    ChatRequestTurn,
    ChatResponseTurn,
    ChatResponseMarkdownPart,
    Location,
    FileType: exports.FileType,
    l10n: { t: (s, ...args) => s.replace(/\{(\d+)\}/g, (_m, i) => String(args[Number(i)])) },
    env: { remoteName: undefined },
    window: {
        activeTextEditor: undefined,
        createTerminal(options) {
            (exports.shimState.terminals ??= []).push(options);
            return { name: options.name, creationOptions: options, show: () => undefined, dispose: () => undefined };
        },
        onDidCloseTerminal: () => ({ dispose: () => undefined }),
        showInformationMessage: message('info'),
        showWarningMessage: message('warning'),
        showErrorMessage: message('error'),
    },
    commands: {
        executeCommand: async (..._args) => undefined,
        registerCommand(id, fn) {
            (exports.shimState.commands ??= new Map()).set(id, fn);
            return new Disposable(() => exports.shimState.commands?.delete(id));
        },
    },
    workspace: {
        isTrusted: true,
        get workspaceFolders() {
            return [folder(), ...(exports.shimState.moreFolders ?? []).map((p, i) => folderAt(p, i + 1))];
        },
        getWorkspaceFolder: () => folder(),
        asRelativePath: (p) => path.relative(exports.shimState.workspaceFolder, typeof p === 'string' ? p : p.fsPath),
    },
    chat: {
        createChatParticipant(_id, handler) {
            exports.shimState.participantHandler = handler;
            return { iconPath: undefined, followupProvider: undefined, dispose: () => undefined };
        },
    },
};
let installed = false;
/** Makes `require('vscode')` return the shim from now on. */
function installVscodeShim() {
    if (installed)
        return;
    installed = true;
    const M = Module;
    const original = M._load;
    M._load = function (request, parent, isMain) {
        if (request === 'vscode')
            return exports.vscodeShim;
        return original.call(this, request, parent, isMain);
    };
}
//# sourceMappingURL=vscodeShim.js.map