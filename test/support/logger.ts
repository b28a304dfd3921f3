import type { Logger } from '../../src/cli/process';

/** A Logger that keeps every line, so tests can grep what would reach the Cursor log. */
export class MemoryLogger implements Logger {
  readonly lines: string[] = [];
  private add(level: string, message: unknown, args: unknown[]) {
    this.lines.push(`${level} ${message instanceof Error ? message.message : String(message)}${args.length ? ' ' + args.map(String).join(' ') : ''}`);
  }
  trace(m: string, ...a: unknown[]) {
    this.add('trace', m, a);
  }
  debug(m: string, ...a: unknown[]) {
    this.add('debug', m, a);
  }
  info(m: string, ...a: unknown[]) {
    this.add('info', m, a);
  }
  warn(m: string, ...a: unknown[]) {
    this.add('warn', m, a);
  }
  error(m: string | Error, ...a: unknown[]) {
    this.add('error', m, a);
  }
  get text(): string {
    return this.lines.join('\n');
  }
}

/**
 * A Logger that drops everything: for the benchmarks only, where keeping every line would be a cost the
 * extension's output channel does not have. A test that asserts on the log uses {@link MemoryLogger}.
 */
export const quietLogger: Logger = {
  trace: () => undefined,
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};
