/**
 * 3. Stream throughput: 50 MB of recorded events (every stream-json sample,
 * repeated) fed in 64 KiB chunks through NdjsonLineReader + TurnParser
 * (envelope and per-type schema validation, text dedupe), in this process.
 * Baseline: split lines (with a UTF-8 decoder) and JSON.parse each, nothing else.
 */
import { StringDecoder } from 'node:string_decoder';
import { NdjsonLineReader } from '../src/cli/ndjson';
import { TurnParser } from '../src/print/turnParser';
import { BenchEntry, median, nowMs, ratioOf, round } from './lib';
import { streamSamples } from '../test/support/samples';

const TOTAL_BYTES = 50 * 1024 * 1024;
const CHUNK = 64 * 1024;
const RUNS = 3;
/** 2 MiB segments, alternating between ours and the baseline. */
const SEGMENT_CHUNKS = 32;
const MB = 1024 * 1024;

/** The recorded events: every `.jsonl` sample, timing prefixes removed. */
export function recordedEvents(): string {
  return (
    streamSamples()
      .flatMap((s) => s.lines)
      .join('\n') + '\n'
  );
}

function buildStream(bytes: number): Buffer[] {
  const unit = Buffer.from(recordedEvents(), 'utf8');
  const all = Buffer.alloc(Math.ceil(bytes / unit.length) * unit.length);
  for (let off = 0; off < all.length; off += unit.length) unit.copy(all, off);
  const chunks: Buffer[] = [];
  for (let off = 0; off < all.length; off += CHUNK) chunks.push(all.subarray(off, Math.min(all.length, off + CHUNK)));
  return chunks;
}

/** Ours: NdjsonLineReader + TurnParser, fed one segment at a time (state carries over). */
class Ours {
  private readonly reader = new NdjsonLineReader();
  private readonly parser = new TurnParser({ readOnly: true });
  lines = 0;
  texts = 0;
  feed(chunks: Buffer[]): void {
    for (const c of chunks) {
      for (const line of this.reader.push(c)) {
        this.lines++;
        for (const ev of this.parser.push(line)) if (ev.type === 'text') this.texts++;
      }
    }
  }
  end(): void {
    for (const line of this.reader.end()) {
      this.lines++;
      this.parser.push(line);
    }
  }
}

/** Baseline: split lines and JSON.parse, nothing else. */
class Baseline {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  lines = 0;
  private sink = 0;
  feed(chunks: Buffer[]): void {
    for (const c of chunks) {
      const parts = (this.pending + this.decoder.write(c)).split('\n');
      this.pending = parts.pop() ?? '';
      for (const l of parts) {
        if (l.trim() === '') continue;
        const o = JSON.parse(l) as { type?: unknown };
        if (o.type) this.sink++;
        this.lines++;
      }
    }
  }
  end(): void {
    if (this.pending.trim() !== '') this.lines++;
    if (this.sink < 0) throw new Error('unreachable');
  }
}

/**
 * One pass over the whole stream by both, alternating every segment (so load
 * from other processes on a small machine hits both alike). Returns ms each.
 */
function pass(chunks: Buffer[]): { ours: number; base: number; lines: number; texts: number } {
  const o = new Ours();
  const b = new Baseline();
  let ourMs = 0;
  let baseMs = 0;
  for (let i = 0; i < chunks.length; i += SEGMENT_CHUNKS) {
    const seg = chunks.slice(i, i + SEGMENT_CHUNKS);
    const odd = (i / SEGMENT_CHUNKS) % 2 === 1;
    for (const side of odd ? ['b', 'o'] : ['o', 'b']) {
      const t0 = nowMs();
      if (side === 'o') o.feed(seg);
      else b.feed(seg);
      if (side === 'o') ourMs += nowMs() - t0;
      else baseMs += nowMs() - t0;
    }
  }
  o.end();
  b.end();
  if (o.lines !== b.lines) throw new Error(`line counts differ: ours ${o.lines}, baseline ${b.lines}`);
  return { ours: ourMs, base: baseMs, lines: o.lines, texts: o.texts };
}

export async function benchThroughput(): Promise<BenchEntry[]> {
  const chunks = buildStream(TOTAL_BYTES);
  const bytes = chunks.reduce((n, c) => n + c.length, 0);
  pass(chunks.slice(0, 80)); // JIT warm-up
  const ours: number[] = [];
  const base: number[] = [];
  let lines = 0;
  let texts = 0;
  for (let i = 0; i < RUNS; i++) {
    const r = pass(chunks);
    ours.push(bytes / MB / (r.ours / 1000));
    base.push(bytes / MB / (r.base / 1000));
    lines = r.lines;
    texts = r.texts;
    await new Promise((res) => setImmediate(res));
  }
  const ratio = ratioOf(median(ours), median(base)) ?? NaN;
  return [
    {
      name: 'stream_throughput',
      value: round(median(ours), 1),
      unit: 'MB/s',
      baseline: round(median(base), 1),
      ratio: round(ratio, 3),
      target: 'ratio >= 0.5 (at least half the baseline speed)',
      met: ratio >= 0.5,
      p95: null,
      runs: RUNS,
      detail:
        `${(bytes / MB).toFixed(0)} MB, ${lines} lines, ${texts} text events per run; ` +
        `ours ${ours.map((x) => x.toFixed(0)).join('/')} MB/s, baseline ${base.map((x) => x.toFixed(0)).join('/')} MB/s`,
    },
  ];
}
