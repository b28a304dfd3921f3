// The to-do list VS Code holds for the chat of the last @cursor request, read out through VS Code's own
// `manage_todo_list` tool (its read operation: `# Todo List` then `- [x]`, `- [-]`, `- [ ]` rows).
import * as assert from 'assert';
import * as vscode from 'vscode';
import { activateApi } from '../helpers';

export async function vscodeTodoList(): Promise<string> {
  const chat = (await activateApi()).lastChat();
  assert.ok(chat, 'no chat session of the last @cursor request');
  const r = await vscode.lm.invokeTool('manage_todo_list', {
    input: { operation: 'read', chatSessionResource: chat },
    toolInvocationToken: undefined,
  });
  return r.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
}
