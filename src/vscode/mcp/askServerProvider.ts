/**
 * The ask server as VS Code meets it: an MCP server definition provider (`cursor-agent.askServer` in
 * package.json's `mcpServerDefinitionProviders`). VS Code forwards MCP servers to the agents of its
 * Copilot harness, which cannot see extension language model tools, so `ask_cursor` reaches them where
 * `cursor_ask` cannot. When it runs is decided in services/mcp/askServerService.ts.
 */
import * as vscode from 'vscode';
import type { AskServerService } from '../../services/mcp/askServerService';

/** The id in package.json's `contributes.mcpServerDefinitionProviders`. */
export const ASK_SERVER_PROVIDER = 'cursor-agent.askServer';
export const ASK_SERVER_LABEL = 'Cursor (read-only ask)';

export class AskServerProvider implements vscode.McpServerDefinitionProvider<vscode.McpHttpServerDefinition>, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  private readonly subscription: { dispose(): void };

  constructor(
    private readonly service: AskServerService,
    private readonly version: string,
  ) {
    this.subscription = service.onDidChange(() => this.changed.fire());
  }

  // The server starts here, on provide, not in resolve: VS Code provides when its chat needs MCP servers (a chat
  // message, not at start-up), and a harness the definitions are forwarded to may take them as provided, without
  // resolving; a definition without its URL and token would be a server nobody can reach.
  async provideMcpServerDefinitions(): Promise<vscode.McpHttpServerDefinition[]> {
    const defs = await this.service.definitions();
    return defs.map((d) => new vscode.McpHttpServerDefinition(ASK_SERVER_LABEL, vscode.Uri.parse(d.url), d.headers, this.version));
  }

  /** Checked again when VS Code starts it: still allowed here, and pointed at the running server (a restart has a new port and token). */
  async resolveMcpServerDefinition(server: vscode.McpHttpServerDefinition): Promise<vscode.McpHttpServerDefinition | undefined> {
    const [d] = await this.service.definitions();
    if (!d) return undefined;
    server.uri = vscode.Uri.parse(d.url);
    server.headers = d.headers;
    return server;
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

/** Registers the provider; trust and folder changes reach the service (which stops the server where it may not run). */
export function registerAskServer(service: AskServerService, version: string): vscode.Disposable[] {
  const provider = new AskServerProvider(service, version);
  const update = () => service.update();
  return [
    provider,
    vscode.lm.registerMcpServerDefinitionProvider(ASK_SERVER_PROVIDER, provider),
    vscode.workspace.onDidGrantWorkspaceTrust(update),
    vscode.workspace.onDidChangeWorkspaceFolders(update),
  ];
}
