/**
 * The ask server's MCP server definition provider (src/vscode/mcp/askServerProvider.ts) on the `vscode`
 * stand-in, with the real service and the real server: what VS Code is given (a loopback URL and the
 * bearer header, which a real MCP client can use), nothing in an untrusted window, and the server
 * closed and VS Code told when the window may no longer run it.
 */
import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { startAskServer } from '../../../src/node/askServer';
import { AskServerService } from '../../../src/services/mcp/askServerService';
import { ASK_SERVER_PROVIDER, registerAskServer } from '../../../src/vscode/mcp/askServerProvider';
import { shimState, vscodeShim } from '../../support/vscodeShim';
import { MemoryLogger } from '../../support/logger';
import { waitFor } from '../../support/waits';

type Definition = vscode.McpHttpServerDefinition;
type ProviderLike = vscode.McpServerDefinitionProvider<Definition>;
const none = {} as vscode.CancellationToken;

/** Whether something answers HTTP at `url` (any status), or the connection is refused. */
function reachable(url: string): Promise<boolean> {
  const u = new URL(url);
  return new Promise((resolve) => {
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname, method: 'POST' }, (res) => (res.resume(), resolve(true)));
    req.on('error', () => resolve(false));
    req.end('{}');
  });
}

describe('the ask server as VS Code sees it (MCP server definition provider)', () => {
  let disposables: Array<{ dispose(): void }> = [];
  let settingOn = true;
  function register(): { provider: ProviderLike; service: AskServerService; changes: () => number } {
    const service = new AskServerService({
      enabled: () => settingOn,
      mayRun: () => vscodeShim.workspace.isTrusted && vscodeShim.workspace.workspaceFolders.length > 0,
      start: () => startAskServer({ ask: async () => ({ status: 'error', message: 'not asked here' }), version: '1.2.3' }),
      logger: new MemoryLogger(),
    });
    disposables = [...registerAskServer(service, '1.2.3'), service];
    const provider = shimState.mcpProviders?.get(ASK_SERVER_PROVIDER) as ProviderLike;
    let changes = 0;
    provider.onDidChangeMcpServerDefinitions?.(() => changes++);
    return { provider, service, changes: () => changes };
  }
  afterEach(() => {
    for (const d of disposables) d.dispose();
    vscodeShim.workspace.isTrusted = true;
    settingOn = true;
  });

  it('registers under the id package.json contributes, and gives one loopback definition with the bearer header', async () => {
    const { provider } = register();
    const defs = (await provider.provideMcpServerDefinitions(none)) ?? [];
    assert.equal(defs.length, 1);
    const [d] = defs;
    assert.equal(d!.label, 'Cursor (read-only ask)');
    assert.match(d!.uri.toString(), /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    assert.match(d!.headers.Authorization!, /^Bearer [A-Za-z0-9_-]{43}$/);
    assert.equal(d!.version, '1.2.3');
    const c = new Client({ name: 'vscode', version: '1.0.0' });
    await c.connect(new StreamableHTTPClientTransport(new URL(d!.uri.toString()), { requestInit: { headers: d!.headers } }));
    assert.deepEqual(
      (await c.listTools()).tools.map((t) => t.name),
      ['ask_cursor'],
    );
    await c.close();
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the manifest, as the other manifest tests read it
    const manifest = require('../../../../package.json') as { contributes: { mcpServerDefinitionProviders: Array<{ id: string }> } };
    assert.deepEqual(
      manifest.contributes.mcpServerDefinitionProviders.map((p) => p.id),
      ['cursor-agent.askServer'],
    );
  });

  it('in an untrusted window, or with the setting off, there is no definition and nothing starts', async () => {
    vscodeShim.workspace.isTrusted = false;
    const { provider } = register();
    assert.deepEqual(await provider.provideMcpServerDefinitions(none), []);
    vscodeShim.workspace.isTrusted = true;
    settingOn = false;
    assert.deepEqual(await provider.provideMcpServerDefinitions(none), []);
  });

  it('trust lost: a folder change finds it, the server is closed, VS Code is told, and resolve refuses to start it', async () => {
    const { provider, changes } = register();
    const [d] = (await provider.provideMcpServerDefinitions(none)) ?? [];
    const url = d!.uri.toString();
    assert.equal(await reachable(url), true);
    vscodeShim.workspace.isTrusted = false;
    shimState.folderListeners?.fire({});
    assert.equal(changes(), 1);
    assert.equal(await provider.resolveMcpServerDefinition?.(d!, none), undefined);
    assert.deepEqual(await provider.provideMcpServerDefinitions(none), []);
    assert.ok(await waitFor(async () => !(await reachable(url)), 5000), 'the server still listens');
  });

  it('trust granted: VS Code is told and gets a definition; resolve points it at the running server', async () => {
    vscodeShim.workspace.isTrusted = false;
    const { provider, changes } = register();
    vscodeShim.workspace.isTrusted = true;
    shimState.trustListeners?.fire();
    assert.equal(changes(), 1);
    const [d] = (await provider.provideMcpServerDefinitions(none)) ?? [];
    const stale = new vscodeShim.McpHttpServerDefinition(d!.label, vscodeShim.Uri.parse('http://127.0.0.1:1/mcp'), {}) as unknown as Definition;
    const resolved = await provider.resolveMcpServerDefinition?.(stale, none);
    assert.equal(resolved?.uri.toString(), d!.uri.toString());
    assert.deepEqual(resolved?.headers, d!.headers);
  });

  it('dispose closes the server', async () => {
    const { provider, service } = register();
    const [d] = (await provider.provideMcpServerDefinitions(none)) ?? [];
    service.dispose();
    assert.ok(await waitFor(async () => !(await reachable(d!.uri.toString())), 5000), 'the server still listens');
  });
});
