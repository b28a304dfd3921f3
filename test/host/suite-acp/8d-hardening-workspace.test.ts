// The editor tools read only the workspace: a link inside it to a folder outside (ws/link -> ws-secrets),
// a sibling whose name starts like it (/ws-secrets beside /ws) and a path climbing out with `..` are all
// "not inside the workspace folder", and nothing outside is opened; a definition outside is a path without its text.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { renderedAnswer, waitFor, workspacePath } from '../helpers';
import { chatRequest } from '../requests';
import { acpReady, freshAgents } from './support';

const SECRET = "export const SECRET_TOKEN = 'hunter2-outside';\nexport const other = 1;\n";

/** Each tool's result line in the answer (the fake quotes `<tool>: <result>` per call). */
function results(answer: string): string[] {
  return answer.split('\n').filter((l) => /^(hover|definition|references|document_symbols|diagnostics): /.test(l));
}

describe('the editor tools stay inside the workspace (links, look-alike folders, `..`)', function () {
  this.timeout(120_000);
  const ws = workspacePath();
  const outside = `${ws}-secrets`;
  const base = path.basename(outside);
  before(async function () {
    this.timeout(30_000);
    await acpReady();
    fs.mkdirSync(outside, { recursive: true });
    fs.writeFileSync(path.join(outside, 'secret.ts'), SECRET);
    const link = path.join(ws, 'link');
    if (!fs.existsSync(link)) fs.symlinkSync(outside, link, 'dir');
  });

  it('hover, definition, references and document_symbols on link/secret.ts, /ws-secrets/… and ../ws-secrets/… answer "not inside the workspace folder" and open nothing', async () => {
    const at = { line: 1, character: 14 };
    const calls = [
      { tool: 'hover', args: { file: 'link/secret.ts', ...at } },
      { tool: 'definition', args: { file: 'link/secret.ts', ...at } },
      { tool: 'references', args: { file: 'link/secret.ts', ...at } },
      { tool: 'document_symbols', args: { file: 'link/secret.ts' } },
      { tool: 'hover', args: { file: path.join(outside, 'secret.ts'), ...at } },
      { tool: 'references', args: { file: `../${base}/secret.ts`, ...at } },
    ];
    await freshAgents({ turn: { kind: 'mcpCall', calls, text: 'Read:' } });
    const r = await chatRequest('read the linked secret editor-tools-links');
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    const answer = await renderedAnswer();
    const lines = results(answer);
    assert.strictEqual(lines.length, calls.length, answer);
    for (const l of lines) assert.match(l, /: error: .*not inside the workspace folder/, l);
    assert.ok(!answer.includes('hunter2'), answer);
    const opened = vscode.workspace.textDocuments
      .map((d) => d.uri.fsPath)
      .filter((f) => f.includes(`${base}`) || f.includes(`${path.sep}link${path.sep}`));
    assert.deepStrictEqual(opened, [], 'a document outside the workspace was opened');
  });

  it('a definition the language server finds outside the workspace is a path and a line, never its text; diagnostics list no file outside', async () => {
    const dir = path.join(ws, 'hard-ws');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(outside, 'broken.ts'), "export const n: number = 'outside-error';\n");
    fs.writeFileSync(path.join(dir, 'uses.ts'), `import { SECRET_TOKEN } from '../../${base}/secret';\nexport const x = SECRET_TOKEN;\n`);
    const uses = vscode.Uri.file(path.join(dir, 'uses.ts'));
    const broken = vscode.Uri.file(path.join(outside, 'broken.ts'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(broken), { preview: false });
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uses), { preview: false });
    // The language server is ready when VS Code itself resolves the definition and reports the outside error.
    await waitFor(
      'the language server',
      async () => {
        const d = await vscode.commands.executeCommand<unknown[]>('vscode.executeDefinitionProvider', uses, new vscode.Position(1, 18));
        return (d ?? []).length > 0 && vscode.languages.getDiagnostics(broken).length > 0 ? true : undefined;
      },
      90_000,
      300,
    );
    const calls = [
      { tool: 'definition', args: { file: 'hard-ws/uses.ts', line: 2, character: 19 } },
      { tool: 'diagnostics', args: {} },
    ];
    await freshAgents({ turn: { kind: 'mcpCall', calls, text: 'Read:' } });
    const r = await chatRequest('where is the token defined editor-tools-outside-definition');
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    const answer = await renderedAnswer();
    const [definition, diagnostics] = results(answer).map((l) => JSON.parse(l.slice(l.indexOf(': ') + 2)) as Record<string, unknown>);
    const locations = (definition?.locations ?? []) as Array<Record<string, unknown>>;
    assert.ok(locations.length > 0, answer);
    for (const l of locations) {
      assert.strictEqual(l.outsideWorkspace, true, JSON.stringify(l));
      assert.strictEqual(l.text, undefined, JSON.stringify(l));
    }
    assert.ok(!answer.includes('hunter2'), answer);
    const rows = (diagnostics?.diagnostics ?? []) as Array<{ file: string; message: string }>;
    assert.deepStrictEqual(
      rows.filter((d) => d.file.includes(base) || d.message.includes('outside-error')),
      [],
      'diagnostics reported a file outside the workspace',
    );
  });

  it("a definition or reference reported through the link (link/secret.ts, inside by its path) is a path and a line, never the outside file's text", async () => {
    const dir = path.join(ws, 'hard-ws');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'through-link.txt'), 'SECRET_TOKEN\n');
    // A language server that reports the symbol at link/secret.ts (a path inside the workspace whose file is outside).
    const target = new vscode.Location(vscode.Uri.file(path.join(ws, 'link', 'secret.ts')), new vscode.Position(0, 13));
    const selector = { pattern: '**/through-link.txt' };
    const providers = [
      vscode.languages.registerDefinitionProvider(selector, { provideDefinition: () => [target] }),
      vscode.languages.registerReferenceProvider(selector, { provideReferences: () => [target] }),
    ];
    try {
      const at = { file: 'hard-ws/through-link.txt', line: 1, character: 1 };
      await freshAgents({
        turn: {
          kind: 'mcpCall',
          calls: [
            { tool: 'definition', args: at },
            { tool: 'references', args: at },
          ],
          text: 'Read:',
        },
      });
      const r = await chatRequest('where is the token, through the link editor-tools-through-link');
      assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
      const answer = await renderedAnswer();
      const found = results(answer).map((l) => JSON.parse(l.slice(l.indexOf(': ') + 2)) as { locations?: Array<Record<string, unknown>> });
      assert.strictEqual(found.length, 2, answer);
      for (const f of found) {
        const l = f.locations?.find((x) => x.file === 'link/secret.ts');
        assert.ok(l, JSON.stringify(f));
        assert.deepStrictEqual({ line: l.line, text: l.text }, { line: 1, text: undefined }, JSON.stringify(l));
      }
      assert.ok(!answer.includes('hunter2'), answer);
    } finally {
      for (const p of providers) p.dispose();
    }
  });
});
