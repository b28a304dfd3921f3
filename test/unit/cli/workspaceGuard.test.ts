/** Issue 12: where a turn may run (the folder rule of src/cli/workspaceGuard.ts; the turns themselves: ../services/hardening.test.ts). */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { describeError } from '../../../src/cli/errors';
import { refusalMessage, unsafeWorkspace } from '../../../src/cli/workspaceGuard';

describe('hardening: what a turn runs and where', () => {
  const temp: string[] = [];
  afterEach(() => {
    for (const d of temp.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('treats a symbolic link to the home folder as the home folder', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'link-'));
    temp.push(dir);
    const link = path.join(dir, 'home');
    fs.symlinkSync(os.homedir(), link);
    const realPath = (p: string) => fs.realpathSync(p);
    assert.equal(unsafeWorkspace(link, { homeDir: os.homedir(), platform: process.platform, realPath }), 'home');
    assert.equal(unsafeWorkspace(dir, { homeDir: os.homedir(), platform: process.platform, realPath }), undefined);
    assert.equal(unsafeWorkspace('C:\\', { homeDir: 'C:\\Users\\a', platform: 'win32' }), 'root');
    assert.equal(unsafeWorkspace('c:\\users\\A\\', { homeDir: 'C:\\Users\\a', platform: 'win32' }), 'home');
    assert.equal(unsafeWorkspace('C:\\Users', { homeDir: 'C:\\Users\\a', platform: 'win32' }), 'holdsHome');
    assert.equal(unsafeWorkspace('C:\\Users\\a\\proj', { homeDir: 'C:\\Users\\a', platform: 'win32' }), undefined);
  });
});

describe('the refusal texts (one function for @cursor, the language model API and describeError)', () => {
  it('says why nothing ran, with the way out each surface offers', () => {
    assert.equal(
      refusalMessage('untrustedWorkspace', 'chat'),
      'This folder is not trusted, so the Cursor agent will not run in it. Trust the folder to use @cursor here.',
    );
    assert.equal(
      refusalMessage('untrustedWorkspace', 'languageModel'),
      'This folder is not trusted, so the Cursor agent will not run in it. Trust the folder first.',
    );
    for (const surface of ['chat', 'languageModel'] as const) {
      assert.equal(refusalMessage('noFolder', surface), 'Open a folder first: the Cursor agent answers about the files of a workspace folder.');
    }
    assert.ok(refusalMessage('untrustedWorkspace', 'chat').startsWith(describeError('untrustedWorkspace').message));
  });
});
