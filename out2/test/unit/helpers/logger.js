"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.MemoryLogger = void 0;
/** A Logger that keeps every line, so tests can grep what would reach the Cursor log. */
class MemoryLogger {
    lines = [];
    add(level, message, args) {
        this.lines.push(`${level} ${message instanceof Error ? message.message : String(message)}${args.length ? ' ' + args.map(String).join(' ') : ''}`);
    }
    trace(m, ...a) { this.add('trace', m, a); }
    debug(m, ...a) { this.add('debug', m, a); }
    info(m, ...a) { this.add('info', m, a); }
    warn(m, ...a) { this.add('warn', m, a); }
    error(m, ...a) { this.add('error', m, a); }
    get text() { return this.lines.join('\n'); }
}
exports.MemoryLogger = MemoryLogger;
//# sourceMappingURL=logger.js.map