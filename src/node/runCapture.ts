/**
 * What one run keeps of its output, bounded whatever the child writes: its
 * stdout lines (NDJSON, over-long lines dropped and counted), the stdout text
 * of a short command (up to 1 MiB, only when nobody reads lines), and the
 * last 16 KiB of stderr.
 */
import { StringDecoder } from 'string_decoder';
import { DEFAULT_MAX_LINE_BYTES, NdjsonLineReader } from '../cli/ndjson';
import type { Logger, RunOutcome } from '../cli/process';

const STDERR_TAIL_CHARS = 16 * 1024;
const STDOUT_MAX_BYTES = 1024 * 1024;

export type CapturedOutput = Pick<RunOutcome, 'stdout' | 'stderrTail' | 'lines' | 'oversizedLines'>;

export class RunCapture {
  private lines = 0;
  private readonly stdoutChunks: Buffer[] = [];
  private stdoutBytes = 0;
  private stderrTail = '';
  private readonly stderrDecoder = new StringDecoder('utf8');
  private readonly reader: NdjsonLineReader;

  /**
   * @param keepStdout whether the stdout text is kept (a short command's; a turn's is read line by line)
   * @param onLine called with each complete stdout line, counted first
   */
  constructor(
    maxLineBytes: number | undefined,
    private readonly keepStdout: boolean,
    private readonly onLine: (line: string) => void,
    logger: Logger | undefined,
  ) {
    this.reader = new NdjsonLineReader(maxLineBytes ?? DEFAULT_MAX_LINE_BYTES, (limit) =>
      logger?.warn(`[runner] dropped a stdout line over ${limit} bytes`),
    );
  }

  stdout(chunk: Buffer): void {
    if (this.keepStdout && this.stdoutBytes < STDOUT_MAX_BYTES) {
      const room = STDOUT_MAX_BYTES - this.stdoutBytes;
      const piece = chunk.length <= room ? chunk : chunk.subarray(0, room);
      this.stdoutChunks.push(piece);
      this.stdoutBytes += piece.length;
    }
    for (const line of this.reader.push(chunk)) this.line(line);
  }

  stderr(chunk: Buffer): void {
    this.stderrTail += this.stderrDecoder.write(chunk);
    if (this.stderrTail.length > STDERR_TAIL_CHARS * 2) this.stderrTail = this.stderrTail.slice(-STDERR_TAIL_CHARS);
  }

  /** Stdout closed: its last line may have had no newline. */
  stdoutEnded(): void {
    for (const line of this.reader.end()) this.line(line);
  }

  /** What was kept; called once, when the run settles. */
  result(): CapturedOutput {
    this.stderrTail = (this.stderrTail + this.stderrDecoder.end()).slice(-STDERR_TAIL_CHARS);
    return {
      stdout: Buffer.concat(this.stdoutChunks).toString('utf8'),
      stderrTail: this.stderrTail,
      lines: this.lines,
      oversizedLines: this.reader.oversizedLines,
    };
  }

  private line(line: string): void {
    this.lines++;
    this.onLine(line);
  }
}
