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
export const DEFAULT_MAX_LINE_BYTES = 16 * 1024 * 1024;

export class NdjsonLineReader {
  private readonly decoder = new TextDecoder('utf-8', { fatal: false });
  private pending = '';
  private pendingBytes = 0;
  /** When a line is over the limit we drop bytes until its end, then report once. */
  private discarding = false;

  /** Lines dropped because they passed the limit. */
  oversizedLines = 0;

  constructor(
    private readonly maxLineBytes: number = DEFAULT_MAX_LINE_BYTES,
    private readonly onOversized?: (limitBytes: number) => void,
  ) {}

  /**
   * Feed a chunk; returns the complete, non-blank lines it finished (without
   * their line endings). Never throws.
   */
  push(chunk: Uint8Array | string): string[] {
    const out: string[] = [];
    if (typeof chunk === 'string') {
      this.consume(chunk, Buffer.byteLength(chunk), out);
    } else {
      // Split on raw 0x0A bytes first so the decoder only ever carries a partial
      // UTF-8 sequence across chunk boundaries, never across lines.
      let start = 0;
      for (let i = chunk.indexOf(0x0a); i !== -1; i = chunk.indexOf(0x0a, start)) {
        const piece = this.decoder.decode(chunk.subarray(start, i + 1));
        this.consume(piece, i + 1 - start, out);
        start = i + 1;
      }
      if (start < chunk.length) {
        this.consume(this.decoder.decode(chunk.subarray(start), { stream: true }), chunk.length - start, out);
      }
    }
    return out;
  }

  /** End of input: returns the last unterminated line, if any. */
  end(): string[] {
    const tail = this.pending + this.decoder.decode();
    this.pending = '';
    this.pendingBytes = 0;
    const wasDiscarding = this.discarding;
    this.discarding = false;
    if (wasDiscarding) return [];
    const line = stripCr(tail);
    return line.trim() === '' ? [] : [line];
  }

  /** Bytes held for the unterminated line. */
  get pendingSize(): number {
    return this.pendingBytes;
  }

  private consume(text: string, bytes: number, out: string[]): void {
    let from = 0;
    for (let nl = text.indexOf('\n'); nl !== -1; nl = text.indexOf('\n', from)) {
      const segment = text.slice(from, nl);
      // Raw bytes of the segment: when the piece is one whole line, `bytes` says so
      // exactly (even for invalid UTF-8, which decodes to 3-byte U+FFFD).
      const segmentBytes = from === 0 && nl === text.length - 1 ? bytes - 1 : Buffer.byteLength(segment);
      if (this.discarding) {
        this.discarding = false;
      } else if (this.pendingBytes + segmentBytes > this.maxLineBytes) {
        // Over the limit but complete within this read: dropped all the same, so
        // whether a line is kept never depends on where the reads fell.
        this.oversizedLines++;
        this.onOversized?.(this.maxLineBytes);
      } else {
        const line = stripCr(this.pending + segment);
        if (line.trim() !== '') out.push(line);
      }
      this.pending = '';
      this.pendingBytes = 0;
      from = nl + 1;
    }
    // Counted even when nothing decoded yet (a chunk ending inside a character):
    // the decoder holds those bytes and they belong to this line.
    const rest = text.slice(from);
    const restBytes = from === 0 ? bytes : Buffer.byteLength(rest);
    if (restBytes > 0) {
      if (this.discarding) return;
      this.pending += rest;
      this.pendingBytes += restBytes;
      if (this.pendingBytes > this.maxLineBytes) {
        this.pending = '';
        this.pendingBytes = 0;
        this.discarding = true;
        this.oversizedLines++;
        this.onOversized?.(this.maxLineBytes);
      }
    }
  }
}

function stripCr(line: string): string {
  return line.endsWith('\r') ? line.slice(0, -1) : line;
}
