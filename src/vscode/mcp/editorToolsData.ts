/**
 * What the editor tools read from VS Code: the Problems panel, the open editors, and the language
 * intelligence behind VS Code's own commands (`vscode.executeDefinitionProvider` and friends).
 * Files are taken only inside the workspace folders, symbolic links resolved first (the rule is
 * `placeFiles`, services/engine/askInput.ts, as for `cursor_ask`): a file given outside them is refused
 * before any document is opened; a location the language server reports outside them is given as a
 * path and a line, without its text. Nothing here changes anything.
 */
import * as path from 'path';
import * as vscode from 'vscode';
import type { HostEnvironment } from '../../cli/process';
import { type DiagnosticRow, SEVERITIES, sortAndBound } from '../../services/mcp/diagnosticRows';
import { placeFiles } from '../../services/engine/askInput';
import { type EditorToolHandlers, type EditorToolResult, MAX_RESULTS } from '../../turn/editorTools';

const MAX_LINE_CHARS = 300;
const MAX_SELECTION_CHARS = 20_000;
const MAX_HOVER_CHARS = 8_000;

/** `host`: the file system's real paths (a link inside the workspace to a file outside it is outside). */
export type InsideHost = Pick<HostEnvironment, 'platform' | 'realPath'>;

export function editorToolHandlers(host: InsideHost): EditorToolHandlers {
  const inWorkspace = (p: string) => fileInWorkspace(p, host);
  const at = <T>(command: string, input: Position) => atPosition<T>(command, inWorkspace(input.file), input);
  const locations = (found: Array<vscode.Location | vscode.LocationLink> | undefined) => locationsOf(found, host);
  return {
    diagnostics: async ({ path: where, minSeverity }) => {
      const scope = where ? inWorkspace(where) : undefined;
      const rows: DiagnosticRow[] = [];
      for (const [uri, list] of vscode.languages.getDiagnostics()) {
        if (!folderOf(uri) || (scope && !within(uri, scope))) continue;
        for (const d of list) rows.push(diagnosticRow(uri, d));
      }
      const { rows: shown, total } = sortAndBound(rows, MAX_RESULTS, minSeverity);
      return { total, shown: shown.length, diagnostics: shown };
    },
    open_editors: async () => {
      const active = vscode.window.activeTextEditor;
      const tabs = vscode.window.tabGroups.all.flatMap((g) => g.tabs);
      const texts = tabs.flatMap((t) => (t.input instanceof vscode.TabInputText ? [t.input.uri] : []));
      const open = texts
        .filter((u) => folderOf(u))
        .map(rel)
        .slice(0, MAX_RESULTS);
      const visible = vscode.window.visibleTextEditors.filter((e) => folderOf(e.document.uri)).map((e) => rel(e.document.uri));
      if (!active || !folderOf(active.document.uri)) return { open, visible, active: null };
      const sel = active.selection;
      const text = active.document.getText(sel);
      return {
        open,
        visible,
        active: {
          file: rel(active.document.uri),
          languageId: active.document.languageId,
          cursor: { line: sel.active.line + 1, character: sel.active.character + 1 },
          selection: sel.isEmpty ? null : { startLine: sel.start.line + 1, endLine: sel.end.line + 1, text: clip(text, MAX_SELECTION_CHARS) },
        },
      };
    },
    definition: async (input) => locations(await at<Array<vscode.Location | vscode.LocationLink>>('vscode.executeDefinitionProvider', input)),
    references: async (input) => locations(await at<vscode.Location[]>('vscode.executeReferenceProvider', input)),
    hover: async (input) => {
      const hovers = (await at<vscode.Hover[]>('vscode.executeHoverProvider', input)) ?? [];
      const text = hovers
        .flatMap((h) => h.contents.map(markdownOf))
        .filter(Boolean)
        .join('\n\n');
      return { hover: clip(text, MAX_HOVER_CHARS) };
    },
    document_symbols: async ({ file }) => {
      const uri = inWorkspace(file);
      type Found = Array<vscode.DocumentSymbol | vscode.SymbolInformation>;
      const found = (await vscode.commands.executeCommand<Found>('vscode.executeDocumentSymbolProvider', uri)) ?? [];
      const out: EditorToolResult[] = [];
      const walk = (s: vscode.DocumentSymbol | vscode.SymbolInformation, depth: number) => {
        if (out.length >= MAX_RESULTS) return;
        const range = 'range' in s ? s.range : s.location.range;
        out.push({ name: s.name, kind: vscode.SymbolKind[s.kind], line: range.start.line + 1, endLine: range.end.line + 1, depth });
        if ('children' in s) for (const c of s.children) walk(c, depth + 1);
      };
      for (const s of found) walk(s, 0);
      return { file: rel(uri), symbols: out };
    },
    workspace_symbols: async ({ query }) => {
      const found = (await vscode.commands.executeCommand<vscode.SymbolInformation[]>('vscode.executeWorkspaceSymbolProvider', query)) ?? [];
      const symbols = found
        .slice(0, MAX_RESULTS)
        .map((s) => ({ name: s.name, kind: vscode.SymbolKind[s.kind], ...place(s.location.uri, s.location.range.start) }));
      return { total: found.length, symbols };
    },
  };
}

type Position = { file: string; line: number; character?: number };

/** Runs a position command on a workspace file (opened as a document, never shown). */
async function atPosition<T>(command: string, uri: vscode.Uri, input: Position): Promise<T | undefined> {
  const doc = await vscode.workspace.openTextDocument(uri);
  if (input.line > doc.lineCount) throw new Error(`${rel(uri)} has ${doc.lineCount} lines, not ${input.line}`);
  const line = doc.lineAt(input.line - 1);
  const character = input.character ? input.character - 1 : line.firstNonWhitespaceCharacterIndex;
  return vscode.commands.executeCommand<T>(command, uri, new vscode.Position(input.line - 1, Math.min(character, line.text.length)));
}

async function locationsOf(found: Array<vscode.Location | vscode.LocationLink> | undefined, host: InsideHost): Promise<EditorToolResult> {
  const all = found ?? [];
  const shown = await Promise.all(
    all.slice(0, MAX_RESULTS).map(async (l) => {
      const uri = 'targetUri' in l ? l.targetUri : l.uri;
      const range = 'targetUri' in l ? (l.targetSelectionRange ?? l.targetRange) : l.range;
      return { ...place(uri, range.start), ...(resolvesInside(uri, host) ? { text: await lineText(uri, range.start.line) } : {}) };
    }),
  );
  return { total: all.length, locations: shown };
}

async function lineText(uri: vscode.Uri, line: number): Promise<string | undefined> {
  try {
    const doc = await vscode.workspace.openTextDocument(uri);
    return line < doc.lineCount ? clip(doc.lineAt(line).text.trim(), MAX_LINE_CHARS) : undefined;
  } catch {
    return undefined;
  }
}

function place(uri: vscode.Uri, pos: vscode.Position): { file: string; line: number; character: number; outsideWorkspace?: true } {
  return { file: rel(uri), line: pos.line + 1, character: pos.character + 1, ...(folderOf(uri) ? {} : { outsideWorkspace: true as const }) };
}

/** One diagnostic as the agent reads it (the file relative to its workspace folder). */
export function diagnosticRow(uri: vscode.Uri, d: vscode.Diagnostic): DiagnosticRow {
  const code = typeof d.code === 'object' ? d.code.value : d.code;
  return {
    file: rel(uri),
    line: d.range.start.line + 1,
    character: d.range.start.character + 1,
    severity: SEVERITIES[d.severity] ?? 'error',
    ...(d.source ? { source: d.source } : {}),
    ...(code !== undefined ? { code: String(code) } : {}),
    message: d.message,
  };
}

/**
 * A path the agent gave (relative to a workspace folder, or absolute) as a file inside the workspace, or an error it reads:
 * inside by its path and by its real path (links resolved), checked before anything opens it.
 */
function fileInWorkspace(p: string, host: InsideHost): vscode.Uri {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const candidates = path.isAbsolute(p) ? [vscode.Uri.file(p)] : folders.map((f) => vscode.Uri.joinPath(f.uri, p));
  const hit = candidates.find((u) => resolvesInside(u, host));
  if (!hit) throw new Error(`${p} is not inside the workspace folder: only files of the workspace can be read`);
  return hit;
}

/** Inside a workspace folder by its path, and (a file) by its real path too: the one check before text is read. */
function resolvesInside(uri: vscode.Uri, host: InsideHost): boolean {
  const folder = folderOf(uri);
  if (!folder) return false;
  if (uri.scheme !== 'file' || folder.uri.scheme !== 'file') return true;
  return placeFiles([uri.fsPath], folder.uri.fsPath, host).inside.length === 1;
}

function folderOf(uri: vscode.Uri): vscode.WorkspaceFolder | undefined {
  const f = vscode.workspace.getWorkspaceFolder(uri);
  // (getWorkspaceFolder also matches a path that climbs out with `..`: compare the normalised paths.)
  return f && within(uri, f.uri) ? f : undefined;
}

function within(uri: vscode.Uri, scope: vscode.Uri): boolean {
  const a = path.posix.normalize(uri.path);
  const b = path.posix.normalize(scope.path).replace(/\/$/, '');
  return uri.scheme === scope.scheme && (a === b || a.startsWith(`${b}/`));
}

function rel(uri: vscode.Uri): string {
  return folderOf(uri) ? vscode.workspace.asRelativePath(uri, false) : uri.scheme === 'file' ? uri.fsPath : uri.toString(true);
}

function markdownOf(c: vscode.MarkdownString | vscode.MarkedString): string {
  if (typeof c === 'string') return c;
  return 'value' in c ? c.value : '';
}

function clip(s: string, max: number): string {
  return s.length <= max ? s : `${s.slice(0, max)}… (cut)`;
}
