"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.RunCapture = void 0;
/**
 * What one run keeps of its output, bounded whatever the child writes: its
 * stdout lines (NDJSON, over-long lines dropped and counted), the stdout text
 * of a short command (up to 1 MiB, only when nobody reads lines), and the
 * last 16 KiB of stderr.
 */
const string_decoder_1 = require("string_decoder");
const ndjson_1 = require("../cli/ndjson");
const STDERR_TAIL_CHARS = 16 * 1024;
const STDOUT_MAX_BYTES = 1024 * 1024;
class RunCapture {
    keepStdout;
    onLine;
    lines = 0;
    stdoutChunks = [];
    stdoutBytes = 0;
    stderrTail = '';
    stderrDecoder = new string_decoder_1.StringDecoder('utf8');
    reader;
    /**
     * @param keepStdout whether the stdout text is kept (a short command's; a turn's is read line by line)
     * @param onLine called with each complete stdout line, counted first
     */
    constructor(maxLineBytes, keepStdout, onLine, logger) {
        this.keepStdout = keepStdout;
        this.onLine = onLine;
        this.reader = new ndjson_1.NdjsonLineReader(maxLineBytes ?? ndjson_1.DEFAULT_MAX_LINE_BYTES, (limit) => logger?.warn(`[runner] dropped a stdout line over ${limit} bytes`));
    }
    stdout(chunk) {
        if (this.keepStdout && this.stdoutBytes < STDOUT_MAX_BYTES) {
            const room = STDOUT_MAX_BYTES - this.stdoutBytes;
            const piece = chunk.length <= room ? chunk : chunk.subarray(0, room);
            this.stdoutChunks.push(piece);
            this.stdoutBytes += piece.length;
        }
        for (const line of this.reader.push(chunk))
            this.line(line);
    }
    stderr(chunk) {
        this.stderrTail += this.stderrDecoder.write(chunk);
        if (this.stderrTail.length > STDERR_TAIL_CHARS * 2)
            this.stderrTail = this.stderrTail.slice(-STDERR_TAIL_CHARS);
    }
    /** Stdout closed: its last line may have had no newline. */
    stdoutEnded() {
        for (const line of this.reader.end())
            this.line(line);
    }
    /** What was kept; called once, when the run settles. */
    result() {
        this.stderrTail = (this.stderrTail + this.stderrDecoder.end()).slice(-STDERR_TAIL_CHARS);
        return {
            stdout: Buffer.concat(this.stdoutChunks).toString('utf8'),
            stderrTail: this.stderrTail,
            lines: this.lines,
            oversizedLines: this.reader.oversizedLines,
        };
    }
    line(line) {
        this.lines++;
        this.onLine(line);
    }
}
exports.RunCapture = RunCapture;
//# sourceMappingURL=runCapture.js.map