/**
 * The chat panel's side of a participant turn, for plain-Node tests on test/support/vscodeShim.ts: a
 * response stream (the parts of vscode.ChatResponseStream the participant calls) that keeps what the
 * panel would show. Frozen, as VS Code's own stream is, so a participant that writes to it fails here too.
 */

/** What the panel shows for one answer: the markdown (MarkdownStrings by their value), the progress lines, the button titles. */
export interface ShownResponse {
  markdown: string;
  progress: string[];
  buttons: string[];
  /** Each button's command and arguments, in order (what a click runs). */
  commands: Array<{ title: string; command?: string; arguments?: unknown[] }>;
}

export interface RecordingResponseStream {
  /** Hand this to the participant's handler as its `stream`. */
  stream: {
    markdown(text: string | { value: string }): void;
    progress(text: string): void;
    reference(): void;
    button(command: { title: string; command?: string; arguments?: unknown[] }): void;
    anchor(): void;
  };
  /** Grows while the turn runs. */
  shown: ShownResponse;
}

/** `onMarkdown`: called after each markdown part is recorded (a test that stops the turn at its first text). */
export function recordingResponseStream(options: { onMarkdown?: (text: string) => void } = {}): RecordingResponseStream {
  const shown: ShownResponse = { markdown: '', progress: [], buttons: [], commands: [] };
  const stream = Object.freeze({
    markdown(text: string | { value: string }) {
      const value = typeof text === 'string' ? text : text.value;
      shown.markdown += value;
      options.onMarkdown?.(value);
    },
    progress(text: string) {
      shown.progress.push(text);
    },
    reference() {},
    button(command: { title: string; command?: string; arguments?: unknown[] }) {
      shown.buttons.push(command.title);
      shown.commands.push(command);
    },
    anchor() {},
  });
  return { stream, shown };
}
