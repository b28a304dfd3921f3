/** The input of the cursor_ask tool: what it accepts, what it refuses and how it says so, and which files are inside the folder. */
import * as assert from 'node:assert/strict';
import { MAX_TOOL_FILES, parseAskInput, placeFiles } from '../../../src/services/engine/askInput';

describe('cursor_ask input', () => {
  it('takes a question (trimmed) and optional files', () => {
    assert.deepEqual(parseAskInput({ question: '  Why?  ' }), { ok: true, input: { question: 'Why?' } });
    assert.deepEqual(parseAskInput({ question: 'Why?', files: ['a.ts'], extra: 1 }), { ok: true, input: { question: 'Why?', files: ['a.ts'] } });
  });

  it('refuses a missing, empty or non-string question, and files that are not a short list of paths, saying what it takes', () => {
    const cases: Array<[unknown, RegExp]> = [
      [undefined, /the input/],
      [{}, /question must be a string/],
      [{ question: 7 }, /question must be a string/],
      [{ question: ' ' }, /question must not be empty/],
      [{ question: 'x'.repeat(20_001) }, /question must be at most 20000 characters/],
      [{ question: 'q', files: 'a.ts' }, /files must be an array of file paths/],
      [{ question: 'q', files: [''] }, /files\.0 must not be empty/],
      [{ question: 'q', files: Array.from({ length: MAX_TOOL_FILES + 1 }, (_, i) => `f${i}`) }, /at most 10 files/],
    ];
    for (const [input, message] of cases) {
      const r = parseAskInput(input);
      assert.equal(r.ok, false, JSON.stringify(input));
      if (!r.ok) {
        assert.match(r.message, message);
        assert.match(r.message, /^Invalid input: .*cursor_ask takes \{"question": string, "files"\?: string\[\]\}/);
      }
    }
  });

  it('places files inside or outside the folder: relative from the folder, absolute as given, links by their target, each once', () => {
    const links: Record<string, string> = { '/w/link-out': '/etc/passwd', '/w/link-in': '/w/src/a.ts' };
    const host = {
      platform: 'linux',
      realPath: (p: string) => links[p] ?? (p.startsWith('/w/') || p === '/w' || p === '/etc/passwd' ? p : undefined),
    };
    assert.deepEqual(
      placeFiles(['src/a.ts', '/w/src/a.ts', './src/../src/a.ts', 'link-in', '../x', '/etc/passwd', 'link-out', 'src/missing.ts'], '/w', host),
      {
        inside: ['/w/src/a.ts', '/w/link-in', '/w/src/missing.ts'],
        outside: ['../x', '/etc/passwd', 'link-out'],
      },
    );
  });

  it('compares paths without case on Windows', () => {
    const r = placeFiles(['C:\\Work\\Proj\\src\\a.ts', 'D:\\other.ts'], 'c:\\work\\proj', { platform: 'win32' });
    assert.deepEqual(r, { inside: ['C:\\Work\\Proj\\src\\a.ts'], outside: ['D:\\other.ts'] });
  });
});
