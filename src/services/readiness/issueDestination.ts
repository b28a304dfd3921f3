/**
 * Where "Cursor: Report Issue…" sends its report. VS Code's issue reporter files an extension's issue at the
 * manifest's `bugs` URL; this extension has no public tracker yet (and the manifest must not invent one), so until
 * `bugs` names one the report opens as an untitled document that says where it can go. Pure.
 */

export type IssueDestination = { kind: 'issueReporter'; url: string } | { kind: 'document' };

/** The manifest's `bugs` URL (`"bugs": "https://…"` or `"bugs": { "url": "https://…" }`), when it is an http(s) address. */
export function issueDestination(manifest: unknown): IssueDestination {
  const bugs = (manifest as { bugs?: unknown } | undefined)?.bugs;
  const url = typeof bugs === 'string' ? bugs : typeof bugs === 'object' && bugs !== null ? (bugs as { url?: unknown }).url : undefined;
  return typeof url === 'string' && /^https?:\/\/\S+$/i.test(url) ? { kind: 'issueReporter', url } : { kind: 'document' };
}

/** The document's first lines when there is no tracker: what the text is and where it can go. */
export const NO_TRACKER_NOTE =
  '<!-- This extension has no public issue tracker yet. This report is not sent anywhere: copy it (it is redacted: ' +
  'no prompts, answers or credentials) and send it to whoever gave you the extension, or keep it until a tracker exists. -->';

/** The notification shown with that document. */
export const NO_TRACKER_MESSAGE =
  'Cursor: this extension has no public issue tracker yet. The report opened as a document: nothing was sent. ' +
  'Copy it to whoever gave you the extension.';
