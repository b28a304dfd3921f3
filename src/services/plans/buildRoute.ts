/**
 * Whether **Build with Agent** can build: it puts the plan into VS Code's agent-mode chat, where only a model that
 * can call VS Code's editing tools builds anything. Cursor's models never do there (they answer read-only, like
 * `@cursor`), and with no model at all VS Code opens its sign-in dialog. So the button builds only when VS Code lists
 * a chat model of another vendor (Copilot's, or another extension's); otherwise it says so and offers Build in
 * Terminal. Pure: the vendors of the chat models VS Code lists come from the caller.
 */

/** Vendors whose models answer read-only in agent mode: ours (the language model provider's vendor). */
export const READ_ONLY_MODEL_VENDORS: readonly string[] = ['cursor'];

export function agentCanBuild(vendors: readonly string[]): boolean {
  return vendors.some((v) => !READ_ONLY_MODEL_VENDORS.includes(v));
}
