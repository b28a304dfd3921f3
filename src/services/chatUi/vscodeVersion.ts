/**
 * What differs between the VS Code versions the extension supports (package.json
 * engines.vscode), decided from `vscode.version`. Pure.
 */

/** `1.110.2` → 110; anything unreadable → Infinity (assume a newer VS Code). */
export function vscodeMinor(version: string): number {
  const m = /^1\.(\d+)\./.exec(version);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}

/**
 * VS Code 1.110 hides a chat participant's references ("Used N references") in Agent
 * mode, the only mode offered without Copilot; 1.116 and newer show them (they hide
 * only the built-in agent's). Where they are hidden, `@cursor` lists the files the
 * agent read in a line under the answer instead. (1.111–1.115 were not tested; they get
 * the line too, which at worst shows the files twice.)
 */
export function hidesParticipantReferences(version: string): boolean {
  return vscodeMinor(version) < 116;
}
