// The files a `cursor_ask` caller names, as they reach the prompt: each clipped, and all of them within
// one budget (src/vscode/ask/askToolFiles.ts), here on real files in a temporary folder.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { readToolFiles } from '../../../src/vscode/ask/askToolFiles';
import { vscodeShim } from '../../support/vscodeShim';

type Patchable = Record<string, unknown>;

describe('the files a cursor_ask caller names', () => {
  let dir: string;
  const workspace = vscodeShim.workspace as unknown as Patchable;
  const saved: Patchable = {};
  before(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-files-'));
    for (const [k, v] of Object.entries({
      fs: {
        stat: async (u: { fsPath: string }) => {
          const st = await fs.promises.stat(u.fsPath);
          return { type: st.isDirectory() ? 2 : 1, size: st.size };
        },
      },
      textDocuments: [],
      openTextDocument: async (u: { fsPath: string }) => ({ uri: u, languageId: 'plaintext', getText: () => fs.readFileSync(u.fsPath, 'utf8') }),
    })) {
      saved[k] = workspace[k];
      workspace[k] = v;
    }
    (vscodeShim as unknown as Patchable).FileType ??= { File: 1, Directory: 2 };
  });
  after(() => {
    Object.assign(workspace, saved);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('five files of 100,000 characters add at most 250,000 characters to the question: the budget runs out', async () => {
    const names = ['a.txt', 'b.txt', 'c.txt', 'd.txt', 'e.txt'];
    for (const n of names) fs.writeFileSync(path.join(dir, n), n[0]!.repeat(100_000));
    const refs = await readToolFiles(names, dir, { platform: process.platform });
    const total = refs.reduce((sum, r) => sum + (r.content ?? '').length, 0);
    assert.equal(refs.length, 5);
    assert.ok(total <= 250_500, `the named files added ${total} characters to the question`);
  });
});
