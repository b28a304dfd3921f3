// `#cursor` (cursor_ask) on Windows Node.js: a file named by a UNC, device or other-drive path is refused by
// its name, before any file-system call (a real path of `\\host\share\…` would open an SMB connection to that
// host, sending the user's NTLM hash). The real path is still taken for a file inside the folder.
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { nodeHostEnvironment } from '../../src/node/nodeHost';
import { placeFiles } from '../../src/services/engine/askInput';

describe('Windows: cursor_ask refuses network and device paths before touching them', function () {
  it('UNC, device and other-drive paths are outside, and the file system is never asked about them', () => {
    assert.equal(process.platform, 'win32');
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'ask-'));
    fs.writeFileSync(path.join(folder, 'a.ts'), 'export const a = 1;\n');
    const real = nodeHostEnvironment().realPath!;
    const asked: string[] = [];
    const host = { platform: 'win32', realPath: (p: string) => (asked.push(p), real(p)) };
    const hostile = [
      '\\\\attacker.example\\share\\x.ts',
      '//attacker.example/share/x.ts',
      '\\\\?\\UNC\\attacker.example\\share\\x.ts',
      '\\\\.\\pipe\\x.ts',
      '\\\\?\\C:\\Windows\\win.ini',
      '\\\\.\\C:\\Windows\\win.ini',
      `${folder[0] === 'Y' ? 'X' : 'Y'}:\\secrets\\x.ts`,
      `${folder[0] === 'Y' ? 'X' : 'Y'}:x.ts`,
      '..\\..\\x.ts',
    ];
    const placed = placeFiles([...hostile, 'a.ts'], folder, host);
    assert.deepEqual(placed.outside, hostile);
    assert.deepEqual(placed.inside, [path.join(folder, 'a.ts')]);
    const touched = asked.filter((p) => !p.toLowerCase().startsWith(folder.toLowerCase()));
    assert.deepEqual(touched, [], 'the file system was asked about a path outside the folder');
    fs.rmSync(folder, { recursive: true, force: true });
  });
});
