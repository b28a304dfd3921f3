"use strict";
Object.defineProperty(exports, "__esModule", { value: true });
exports.NdjsonLineReader = exports.DEFAULT_MAX_LINE_BYTES = void 0;
/**
 * Incremental NDJSON line reader.
 *
 * Accepts byte chunks split anywhere (including inside a UTF-8 character),
 * handles CRLF and blank lines, and bounds the pending (not yet terminated)
 * line: a line longer than the limit is dropped (and counted in
 * {@link NdjsonLineReader.oversizedLines}, with `onOversized` called) instead of
 * growing memory without bound. Such lines are tool payloads (a huge file
 * read); the answer text never depends on them. No VS Code imports.
 */
exports.DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;
class NdjsonLineReader {
    maxLineBytes;
    onOversized;
    decoder = new TextDecoder('utf-8', { fatal: false });
    pending = '';
    pendingBytes = 0;
    /** When a line is over the limit we drop bytes until its end, then report once. */
    discarding = false;
    /** Lines dropped because they passed the limit. */
    oversizedLines = 0;
    constructor(maxLineBytes = exports.DEFAULT_MAX_LINE_BYTES, onOversized) {
        this.maxLineBytes = maxLineBytes;
        this.onOversized = onOversized;
    }
    /**
     * Feed a chunk; returns the complete, non-blank lines it finished (without
     * their line endings). Never throws.
     */
    push(chunk) {
        const out = [];
        if (typeof chunk === 'string') {
            this.consume(chunk, Buffer.byteLength(chunk), out);
            return out;
        }
        const lastNl = chunk.lastIndexOf(0x0a);
        if (lastNl === -1) {
            this.consumeTail(this.decoder.decode(chunk, { stream: true }), chunk.length);
            return out;
        }
        // One decode for every complete line of the chunk (the decoder carries only a partial
        // character from the previous chunk; 0x0A is never part of a multi-byte sequence, so
        // the decoded '\n's match the raw ones one for one, which gives each line's raw size).
        const head = this.decoder.decode(chunk.subarray(0, lastNl + 1), { stream: true });
        let start = 0;
        let from = 0;
        for (let nl = chunk.indexOf(0x0a); nl !== -1 && nl <= lastNl; nl = chunk.indexOf(0x0a, start)) {
            const strNl = head.indexOf('\n', from);
            this.finishLine(head.slice(from, strNl), nl - start, out);
            start = nl + 1;
            from = strNl + 1;
        }
        if (lastNl + 1 < chunk.length)
            this.consumeTail(this.decoder.decode(chunk.subarray(lastNl + 1), { stream: true }), chunk.length - lastNl - 1);
        return out;
    }
    /** A line ended: `segment` is its text in this read, `rawBytes` that text's size as read. */
    finishLine(segment, rawBytes, out) {
        if (this.discarding) {
            this.discarding = false;
        }
        else if (this.pendingBytes + rawBytes > this.maxLineBytes) {
            // Over the limit but complete within this read: dropped all the same, so
            // whether a line is kept never depends on where the reads fell.
            this.oversizedLines++;
            this.onOversized?.(this.maxLineBytes);
        }
        else {
            const line = stripCr(this.pending + segment);
            if (line.trim() !== '')
                out.push(line);
        }
        this.pending = '';
        this.pendingBytes = 0;
    }
    /** Text after the last newline of a read (`rawBytes` counts bytes the decoder still holds). */
    consumeTail(text, rawBytes) {
        if (rawBytes === 0 || this.discarding)
            return;
        this.pending += text;
        this.pendingBytes += rawBytes;
        if (this.pendingBytes > this.maxLineBytes) {
            this.pending = '';
            this.pendingBytes = 0;
            this.discarding = true;
            this.oversizedLines++;
            this.onOversized?.(this.maxLineBytes);
        }
    }
    /** End of input: returns the last unterminated line, if any. */
    end() {
        const tail = this.pending + this.decoder.decode();
        this.pending = '';
        this.pendingBytes = 0;
        const wasDiscarding = this.discarding;
        this.discarding = false;
        if (wasDiscarding)
            return [];
        const line = stripCr(tail);
        return line.trim() === '' ? [] : [line];
    }
    /** Bytes held for the unterminated line. */
    get pendingSize() {
        return this.pendingBytes;
    }
    /** The string path (tests, callers that already decoded): sizes are the text's UTF-8 size. */
    consume(text, bytes, out) {
        let from = 0;
        for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
            const segment = text.slice(from, nl);
            this.finishLine(segment, from === 0 && nl === text.length - 1 ? bytes - 1 : Buffer.byteLength(segment), out);
            from = nl + 1;
        }
        const rest = text.slice(from);
        this.consumeTail(rest, from === 0 ? bytes : Buffer.byteLength(rest));
    }
}
exports.NdjsonLineReader = NdjsonLineReader;
function stripCr(line) {
    return line.endsWith('\r') ? line.slice(0, -1) : line;
}
//# sourceMappingURL=ndjson.js.map