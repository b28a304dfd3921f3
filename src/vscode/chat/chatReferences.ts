/**
 * What the user attached to an `@cursor` request, read for the prompt: files, selections and
 * text as prompt references; images (pasted, dropped, or attached as a file) as binary
 * attachments. VS Code hands a pasted image over as an object with `mimeType` and `data()`
 * (its class is not in the stable typings, where the value is `unknown`): read by its shape.
 */
import * as vscode from 'vscode';
import * as z from 'zod/mini';
import { selectedLines, uniqueReferences, type PromptReference } from '../../cli/prompt';
import type { Logger } from '../../cli/logger';
import type { BinaryAttachment } from '../../services/engine/images';
import { IMAGE_FILE, readImageFile, type ImagesRead } from './imageFiles';
import { diagnosticsText, sortAndBound } from '../../services/mcp/diagnosticRows';
import { diagnosticRow } from '../mcp/editorToolsData';

const MAX_REFERENCE_CHARS = 150_000;

/** A pasted or dropped image as VS Code's extension host builds it (ChatReferenceBinaryData). */
const binaryShape = z.object({
  mimeType: z.string(),
  data: z.custom<() => Thenable<Uint8Array>>((v) => typeof v === 'function'),
  reference: z.optional(z.custom<vscode.Uri>((v) => v instanceof vscode.Uri)),
});

/** Problems the user attached (ChatReferenceDiagnostic, built by the same converter): `[Uri, Diagnostic[]][]`. */
const uriValue = z.custom<vscode.Uri>((v) => v instanceof vscode.Uri);
// (By shape: the range's start and a message are what the prompt needs.)
const diagnosticValue = z.custom<vscode.Diagnostic>((v) => {
  const d = v as { message?: unknown; range?: { start?: { line?: unknown } } } | null;
  return typeof d?.message === 'string' && typeof d.range?.start?.line === 'number';
});
const diagnosticsShape = z.object({ diagnostics: z.array(z.tuple([uriValue, z.array(diagnosticValue)])) });
const MAX_ATTACHED_DIAGNOSTICS = 100;

export interface ReadReferences {
  references: PromptReference[];
  attachments: BinaryAttachment[];
}

/** How many images a request carried (a history turn's: they are not resent, see images.ts). */
export function imageCount(refs: readonly vscode.ChatPromptReference[]): number {
  return refs.filter((r) => binaryShape.safeParse(r.value).success || (r.value instanceof vscode.Uri && IMAGE_FILE.test(r.value.path))).length;
}

export async function readReferences(request: vscode.ChatRequest, logger: Logger): Promise<ReadReferences> {
  const out: PromptReference[] = [];
  const attachments: BinaryAttachment[] = [];
  // Image files are read within the turn's limits: each next one only while the count and total allow it.
  const imagesRead: ImagesRead = { count: 0, bytes: 0 };
  for (const ref of request.references) {
    const v = ref.value;
    const uri = v instanceof vscode.Uri ? v : v instanceof vscode.Location ? v.uri : undefined;
    const binary = binaryShape.safeParse(v);
    const problems = diagnosticsShape.safeParse(v);
    try {
      if (problems.success) {
        const rows = problems.data.diagnostics.flatMap(([u, list]) => list.map((d) => diagnosticRow(u, d)));
        const { rows: shown, total } = sortAndBound(rows, MAX_ATTACHED_DIAGNOSTICS);
        out.push({ kind: 'text', label: vscode.l10n.t('problems from the Problems panel'), content: diagnosticsText(shown, total) });
      } else if (binary.success) {
        const { mimeType, data, reference } = binary.data;
        const label = reference ? basename(reference) : ref.modelDescription || vscode.l10n.t('pasted image');
        attachments.push({ label, declaredMime: mimeType, bytes: await data() });
      } else if (typeof v === 'string') {
        out.push({ kind: 'text', label: ref.modelDescription ?? ref.id, content: v });
      } else if (v instanceof vscode.Uri && IMAGE_FILE.test(v.path)) {
        attachments.push(await readImageFile(v, imagesRead));
      } else if (v instanceof vscode.Uri) {
        // Any scheme the user could attach: a file, an unsaved editor, a virtual file system's file.
        const open = vscode.workspace.textDocuments.find((d) => d.uri.toString() === v.toString());
        if (!open && (await isFolder(v))) {
          out.push({ kind: 'text', label: vscode.workspace.asRelativePath(v), content: `(folder) ${where(v)}` });
          continue;
        }
        const doc = open ?? (await vscode.workspace.openTextDocument(v));
        const label = vscode.workspace.asRelativePath(v);
        out.push({ kind: 'file', label, path: where(v), languageId: doc.languageId, content: clip(doc.getText()) });
      } else if (v instanceof vscode.Location) {
        const doc = await vscode.workspace.openTextDocument(v.uri);
        out.push({
          kind: 'selection',
          label: vscode.workspace.asRelativePath(v.uri),
          path: where(v.uri),
          languageId: doc.languageId,
          range: selectedLines(v.range.start, v.range.end),
          content: clip(doc.getText(v.range)),
        });
      } else {
        // Named, so the agent can say what it could not see.
        const content = '(attached by the user: a kind of attachment this chat cannot read)';
        out.push({ kind: 'text', label: ref.modelDescription || ref.id, content });
      }
    } catch (err) {
      logger.warn(`[participant] could not read reference ${ref.id}: ${err instanceof Error ? err.message : String(err)}`);
      // Still tell the agent what was attached, so it can say it could not see it.
      const label = uri ? where(uri) : ref.modelDescription || ref.id;
      out.push({ kind: 'text', label, content: '(attached by the user, but its contents could not be read)' });
    }
  }
  return { references: uniqueReferences(out), attachments };
}

function basename(uri: vscode.Uri): string {
  return uri.path.split('/').pop() || uri.toString(true);
}

/** How the prompt names an attachment: a file's path; an unsaved editor's tab name; otherwise the URI. */
function where(uri: vscode.Uri): string {
  if (uri.scheme === 'file') return uri.fsPath;
  if (uri.scheme === 'untitled') return uri.path;
  return uri.toString(true);
}

async function isFolder(uri: vscode.Uri): Promise<boolean> {
  try {
    return ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.Directory) !== 0;
  } catch {
    return false;
  }
}

function clip(text: string): string {
  return text.length <= MAX_REFERENCE_CHARS ? text : text.slice(0, MAX_REFERENCE_CHARS) + '\n… (truncated)';
}
