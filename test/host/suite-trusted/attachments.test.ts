// What the user attaches in the chat panel (#file, a selection, a folder, an unsaved
// editor) reaches the prompt the CLI reads on stdin. The attachments are added the way
// the workbench adds them: `workbench.action.chat.open`'s `attachFiles` (what a `#file`
// pick does: attachmentModel.addFile) and "Add Selection to Chat"
// (`workbench.action.chat.attachSelection`, the editor's context menu entry).
import * as assert from 'assert';
import * as path from 'path';
import * as vscode from 'vscode';
import {
  activateApi,
  argValue,
  chatRequest,
  cursorModels,
  fake,
  fakeRendered,
  invocationsSince,
  isTurn,
  newChat,
  renderedAnswer,
  workspacePath,
} from '../helpers';

/** The one turn the fake ran since `before`: its prompt (stdin). */
function promptOfOnlyTurn(before: number): string {
  const turns = invocationsSince(before).filter(isTurn);
  assert.strictEqual(turns.length, 1, `expected one cursor-agent turn, got ${turns.length}`);
  const stdin = turns[0]!.stdin;
  assert.ok(typeof stdin === 'string', 'the fake read no prompt on stdin');
  return stdin;
}

/** How many times `text` occurs in `prompt`. */
function occurrences(prompt: string, text: string): number {
  return prompt.split(text).length - 1;
}

/** The text between the opening fence line after `title` and its closing fence. */
function attachedBlock(prompt: string, title: string): string {
  const at = prompt.indexOf(`${title}\n`);
  assert.ok(at >= 0, `no ${JSON.stringify(title)} in the prompt:\n${prompt}`);
  const rest = prompt.slice(at + title.length + 1);
  const fence = /^(`{3,})[^\n]*\n/.exec(rest);
  assert.ok(fence, `no code fence after ${JSON.stringify(title)}:\n${rest.slice(0, 300)}`);
  const body = rest.slice(fence[0].length);
  const end = body.indexOf(`${fence[1]}\n`) >= 0 ? body.indexOf(`${fence[1]}\n`) : body.indexOf(fence[1]!);
  assert.ok(end >= 0, `the block after ${JSON.stringify(title)} is not closed`);
  return body.slice(0, end);
}

describe('attachments in the chat panel reach the prompt', () => {
  const file = (rel: string) => path.join(workspacePath(), rel);

  before(async function () {
    this.timeout(30_000);
    await activateApi();
    fake().setScenario({});
    await cursorModels();
  });
  afterEach(async () => {
    fake().setScenario({});
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it("a #file attachment sends the file's contents with the question", async function () {
    this.timeout(30_000);
    await newChat();
    const before = fake().invocations().length;
    const question = 'What does this file export? attach-file';
    const result = await chatRequest(`@cursor ${question}`, { attachFiles: [vscode.Uri.file(file('src/hello.ts'))] });
    assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));

    const prompt = promptOfOnlyTurn(before);
    assert.strictEqual(
      attachedBlock(prompt, `File: ${file('src/hello.ts')}`),
      'export function hello(name: string): string {\n  return `Hello, ${name}!`;\n}\n',
    );
    assert.strictEqual(occurrences(prompt, `File: ${file('src/hello.ts')}`), 1, `the file is attached more than once:\n${prompt}`);
    // The attachment comes before the question, which stays the prompt's last line.
    assert.ok(prompt.indexOf('src/hello.ts') < prompt.lastIndexOf(question), 'the question is not after the attachment');
    const model = argValue(invocationsSince(before).filter(isTurn)[0]!.argv, '--model') ?? 'auto';
    assert.strictEqual(await renderedAnswer(), fakeRendered(model, question), 'the answer the chat panel shows');
  });

  it('a selection attachment sends only the selected lines, with their line numbers', async function () {
    this.timeout(30_000);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(file('src/hello.ts')));
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(1, 0, 1, doc.lineAt(1).text.length); // `  return \`Hello, ${name}!\`;`
    await newChat();
    await vscode.commands.executeCommand('workbench.action.chat.attachSelection'); // "Add Selection to Chat"
    const before = fake().invocations().length;
    const result = await chatRequest('@cursor Explain this line. attach-selection');
    assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));

    const prompt = promptOfOnlyTurn(before);
    assert.strictEqual(attachedBlock(prompt, `Selection from ${file('src/hello.ts')} (line 2)`), '  return `Hello, ${name}!`;\n');
    assert.ok(!prompt.includes('export function hello'), `lines outside the selection reached the prompt:\n${prompt}`);
    // The chat also sends the editor's selection as implicit context: the agent reads it once.
    assert.strictEqual(occurrences(prompt, 'Selection from'), 1, `the selection is in the prompt more than once:\n${prompt}`);
  });

  it('a folder attachment names the folder in the prompt', async function () {
    this.timeout(30_000);
    await newChat();
    const before = fake().invocations().length;
    const result = await chatRequest('@cursor What is in this folder? attach-folder', { attachFiles: [vscode.Uri.file(file('src'))] });
    assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));

    const prompt = promptOfOnlyTurn(before);
    assert.match(prompt, /The user attached this context:/);
    assert.strictEqual(attachedBlock(prompt, 'src'), `(folder) ${file('src')}\n`);
  });

  it('a selection in an unsaved (untitled) editor sends the text the user sees', async function () {
    this.timeout(30_000);
    const text = 'def unsaved_draft():\n    return 42\n';
    const doc = await vscode.workspace.openTextDocument({ language: 'python', content: text });
    assert.strictEqual(doc.uri.scheme, 'untitled');
    const editor = await vscode.window.showTextDocument(doc);
    editor.selection = new vscode.Selection(0, 0, 2, 0);
    await newChat();
    await vscode.commands.executeCommand('workbench.action.chat.attachSelection');
    const before = fake().invocations().length;
    const result = await chatRequest('@cursor What does this draft do? attach-untitled');
    assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));

    const prompt = promptOfOnlyTurn(before);
    // Lines 1-2 selected whole (the selection ends at the start of line 3).
    const title = /Selection from (Untitled-\d+) \(lines 1-2\)\n/.exec(prompt);
    assert.ok(title, `no "Selection from Untitled-N (lines 1-2)" in the prompt:\n${prompt}`);
    assert.strictEqual(attachedBlock(prompt, title[0].trimEnd()), text);
    assert.strictEqual(occurrences(prompt, 'Selection from'), 1, `the selection is in the prompt more than once:\n${prompt}`);
  });

  it("a file from another extension's file system (not on disk) sends its contents", async function () {
    this.timeout(30_000);
    // What a virtual file system (a remote repository, a zip, an in-memory folder) offers:
    // a URI that is not `file:`, readable only through VS Code.
    const scheme = 'cursor-test-memfs';
    const text = '# Notes kept in memory\n\nvirtual-file-contents\n';
    const uri = vscode.Uri.from({ scheme, path: '/notes.md' });
    const provider = memoryFileSystem({ '/notes.md': text });
    const registration = vscode.workspace.registerFileSystemProvider(scheme, provider, { isReadonly: true });
    try {
      await newChat();
      const before = fake().invocations().length;
      const result = await chatRequest('@cursor Summarize these notes. attach-virtual', { attachFiles: [uri] });
      assert.strictEqual(result?.errorDetails, undefined, JSON.stringify(result?.errorDetails));
      const prompt = promptOfOnlyTurn(before);
      assert.ok(prompt.includes(text), `the virtual file's contents are not in the prompt:\n${prompt}`);
      assert.ok(prompt.includes(uri.toString()), `the prompt does not say where the attachment is from (${uri.toString()}):\n${prompt}`);
    } finally {
      registration.dispose();
    }
  });
});

/** A read-only file system serving `files` (path → text). */
function memoryFileSystem(files: Record<string, string>): vscode.FileSystemProvider {
  const entry = (uri: vscode.Uri) => {
    const text = files[uri.path];
    if (text === undefined) throw vscode.FileSystemError.FileNotFound(uri);
    return Buffer.from(text, 'utf8');
  };
  return {
    onDidChangeFile: new vscode.EventEmitter<vscode.FileChangeEvent[]>().event,
    watch: () => new vscode.Disposable(() => undefined),
    stat: (uri) => ({ type: vscode.FileType.File, ctime: 0, mtime: 0, size: entry(uri).length }),
    readDirectory: () => [],
    createDirectory: () => undefined,
    readFile: (uri) => entry(uri),
    writeFile: () => undefined,
    delete: () => undefined,
    rename: () => undefined,
  };
}
