// The agent sees what the editor knows: over the fake ACP agent (which calls MCP tools as the real
// CLI does, through the MCP SDK's client, after asking permission), `@cursor` answers from the
// real TypeScript diagnostics and references VS Code's own language server reports.
import * as assert from 'assert';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { renderedAnswer, waitFor, workspacePath } from '../helpers';
import { chatRequest } from '../requests';
import { acpReady, freshAgents, setUserSetting, wire } from './support';

const DIR = 'editor-tools';
const FILES: Record<string, string> = {
  'tsconfig.json': JSON.stringify({ compilerOptions: { strict: true, noEmit: true }, include: ['*.ts'] }),
  'broken.ts': "export const total: number = 'a lot';\n",
  'lib.ts': 'export function parseConfig(text: string): string[] {\n  return text.split(",");\n}\n',
  'first.ts': "import { parseConfig } from './lib';\nexport const a = parseConfig('x,y');\n",
  'second.ts': "import { parseConfig } from './lib';\nexport const b = parseConfig('z');\n",
};

type Line = { dir: string; msg: Record<string, unknown> };
/** The answers the extension gave to the agent's permission requests since `from` (wire lines), by tool title. */
function permissionAnswers(from: number): Array<{ title: string; optionId?: string }> {
  const lines: Line[] = wire().slice(from);
  return lines
    .filter((l) => l.dir === 'out' && l.msg.method === 'session/request_permission')
    .map((req) => {
      const res = lines.find((l) => l.dir === 'in' && l.msg.id === req.msg.id && l.msg.method === undefined);
      const title = String(((req.msg.params as { toolCall?: { title?: string } }).toolCall ?? {}).title);
      return { title, optionId: ((res?.msg.result as { outcome?: { optionId?: string } } | undefined)?.outcome ?? {}).optionId };
    });
}

/** The MCP servers the extension passed in the last session/new. */
function lastMcpServers(): Array<{ name: string; type: string; url: string; headers: Array<{ name: string; value: string }> }> {
  const news = wire().filter((l) => l.dir === 'in' && l.msg.method === 'session/new');
  return ((news[news.length - 1]?.msg.params as { mcpServers?: [] }) ?? {}).mcpServers ?? [];
}

describe('the agent sees what the editor knows (editor tools over MCP, ACP backend)', function () {
  this.timeout(120_000);
  let brokenMessage = '';
  before(async function () {
    this.timeout(120_000);
    await acpReady();
    const dir = path.join(workspacePath(), DIR);
    fs.mkdirSync(dir, { recursive: true });
    for (const [name, text] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, name), text);
    // Opened as a user would: VS Code's TypeScript server reports the error of an open file.
    const broken = vscode.Uri.file(path.join(dir, 'broken.ts'));
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(broken));
    const found = await waitFor(
      'the TypeScript error in broken.ts',
      () => vscode.languages.getDiagnostics(broken).find((d) => d.severity === vscode.DiagnosticSeverity.Error),
      90_000,
      200,
    );
    brokenMessage = found.message;
  });

  it('@cursor "why does this not compile?": the diagnostics call is allowed once and the answer shows the real TypeScript error', async () => {
    await freshAgents({ turn: { kind: 'mcpCall', calls: [{ tool: 'diagnostics', args: { path: DIR } }], text: 'VS Code reports:' } });
    const from = wire().length;
    const r = await chatRequest('why does this not compile? editor-tools-diagnostics');
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    const servers = lastMcpServers();
    assert.strictEqual(servers.length, 1, JSON.stringify(servers));
    assert.match(servers[0]!.name, /^vscode-[0-9a-f]{8}$/);
    assert.match(servers[0]!.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.match(servers[0]!.headers.find((h) => h.name === 'Authorization')?.value ?? '', /^Bearer \S{20,}$/);
    assert.deepStrictEqual(permissionAnswers(from), [{ title: `${servers[0]!.name}-diagnostics: diagnostics`, optionId: 'allow-once' }]);
    const answer = await renderedAnswer();
    const result = JSON.parse(answer.slice(answer.indexOf('diagnostics: ') + 'diagnostics: '.length).split('\n')[0]!) as {
      diagnostics: Array<Record<string, unknown>>;
    };
    const row = result.diagnostics.find((d) => d.file === `${DIR}/broken.ts`);
    assert.ok(row, answer);
    assert.deepStrictEqual(
      { line: row.line, severity: row.severity, message: row.message, source: row.source },
      { line: 1, severity: 'error', message: brokenMessage, source: 'ts' },
    );
  });

  it('"who calls parseConfig?": the references call returns both files that use it, from the language server', async () => {
    await freshAgents({
      turn: { kind: 'mcpCall', calls: [{ tool: 'references', args: { file: `${DIR}/lib.ts`, line: 1, character: 17 } }], text: 'References:' },
    });
    const r = await chatRequest('who calls parseConfig? editor-tools-references');
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    const answer = await renderedAnswer();
    const result = JSON.parse(answer.slice(answer.indexOf('references: ') + 'references: '.length).split('\n')[0]!) as {
      locations: Array<{ file: string; line: number; text?: string }>;
    };
    const callers = result.locations
      .filter((l) => l.file !== `${DIR}/lib.ts`)
      .map((l) => `${l.file}:${l.line}: ${l.text}`)
      .sort();
    assert.deepStrictEqual(callers, [
      `${DIR}/first.ts:1: import { parseConfig } from './lib';`,
      `${DIR}/first.ts:2: export const a = parseConfig('x,y');`,
      `${DIR}/second.ts:1: import { parseConfig } from './lib';`,
      `${DIR}/second.ts:2: export const b = parseConfig('z');`,
    ]);
  });

  it("a permission request for another server's tool is still rejected, and the agent's answer says so", async () => {
    await freshAgents({ turn: { kind: 'mcpCall', calls: [{ tool: 'diagnostics', args: {}, asServer: 'github' }], text: 'Tried:' } });
    const from = wire().length;
    const r = await chatRequest('try another server editor-tools-other');
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    assert.deepStrictEqual(permissionAnswers(from), [{ title: 'github-diagnostics: diagnostics', optionId: 'reject-once' }]);
    assert.match(await renderedAnswer(), /diagnostics: rejected/);
  });

  it('a session whose agent withholds client MCP tools (as plan mode might) answers as before', async () => {
    await freshAgents({ mcpTools: 'withheld', turn: { kind: 'mcpCall', calls: [{ tool: 'diagnostics', args: {} }], text: 'Without tools:' } });
    const r = await chatRequest('no tools editor-tools-withheld');
    assert.strictEqual(r.metadata?.errorKind, undefined, JSON.stringify(r));
    assert.match(await renderedAnswer(), /no MCP tools are available in this session/);
  });

  it('turning cursorAgent.editorTools off stops the server (its port refuses) and new sessions get none; /status says so', async () => {
    await freshAgents({ turn: { kind: 'answer', text: 'ok' } });
    await chatRequest('a session with tools editor-tools-on');
    const [server] = lastMcpServers();
    assert.ok(server, 'no MCP server was passed');
    await setUserSetting('editorTools', false);
    try {
      await waitFor(
        'the server to stop',
        async () =>
          (await fetch(server.url, { method: 'POST' }).then(
            () => false,
            () => true,
          )) || undefined,
        10_000,
        100,
      );
      await freshAgents({ turn: { kind: 'answer', text: 'ok' } });
      await chatRequest('a session without tools editor-tools-off');
      assert.deepStrictEqual(lastMcpServers(), []);
      await chatRequest('/status');
      assert.match(
        await renderedAnswer(),
        /Editor tools \(diagnostics, editors, language intelligence over MCP\): off \(`?cursorAgent\.editorTools`?\)/,
      );
    } finally {
      await setUserSetting('editorTools', undefined);
    }
  });
});
