// Redact first, then cut: a credential that crosses a cut must not keep any run of its
// characters in what is shown or logged (issue 20, item 3).
import * as assert from 'node:assert/strict';
import { classifyFailure } from '../../../src/cli/failureClassifier';
import { redactHead, redactTail } from '../../../src/cli/redact';
import { parseStatusOutput } from '../../../src/cli/status';
import { TurnParser } from '../../../src/print/turnParser';

const TOKENS = [
  'ghp_' + 'A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8',
  'AKIA' + 'QWERTYUIOP123456',
  'key_' + '0123456789abcdef'.repeat(4),
  'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.c2lnbmF0dXJlLXBhcnQ',
];

/** No 8 consecutive characters of `token` in `text`. */
function assertNoPieceOf(text: string, token: string, where: string): void {
  for (let i = 0; i + 8 <= token.length; i++) {
    const piece = token.slice(i, i + 8);
    assert.ok(!text.includes(piece), `${where}: "${piece}" of a planted token survived in ${JSON.stringify(text.slice(0, 400))}`);
  }
}

describe('redact first, then cut', () => {
  for (const token of TOKENS) {
    const kind = token.slice(0, 4);
    it(`a ${kind}… token crossing the cut keeps none of its characters (head and tail cuts)`, () => {
      for (let at = 1; at < token.length; at += 3) {
        const text = 'x'.repeat(100 - at) + ' ' + token + ' ' + 'y'.repeat(100);
        assertNoPieceOf(redactHead(text, 100), token, `head cut ${at}`);
        const tailText = 'y'.repeat(100) + ' ' + token + ' ' + 'x'.repeat(100 - at);
        assertNoPieceOf(redactTail(tailText, 100), token, `tail cut ${at}`);
      }
    });

    it(`an unknown CLI failure quoting a ${kind}… token at the 300-character cut shows none of it`, () => {
      for (const pad of [280, 290, 297]) {
        const e = classifyFailure({ exitCode: 1, stderr: `${'w'.repeat(pad)} ${token} and more\n` });
        assertNoPieceOf(e.message, token, `pad ${pad}`);
        assertNoPieceOf(e.stderrTail, token, `tail, pad ${pad}`);
      }
    });

    it(`a failure whose stderr is longer than the classifier's window, with a ${kind}… token at the window's edge, logs none of it`, () => {
      for (let back = 4090; back < 4096 + token.length + 4; back += 2) {
        const stderr = 'z'.repeat(6000) + token + 'q'.repeat(back - token.length > 0 ? back - token.length : 0);
        const e = classifyFailure({ exitCode: 1, stderr });
        assertNoPieceOf(e.stderrTail, token, `edge ${back}`);
        assertNoPieceOf(e.message, token, `edge ${back}`);
      }
    });

    it(`the status probe's quoted line with a ${kind}… token at its 300-character cut shows none of it`, () => {
      for (const pad of [285, 295]) {
        const r = parseStatusOutput('', `${'s'.repeat(pad)} ${token} tail\n`, 3);
        assert.equal(r.state, 'error');
        assertNoPieceOf(JSON.stringify(r), token, `pad ${pad}`);
      }
    });
  }

  it('a non-JSON line of the stream, cut for the log, keeps no token that crossed the cut', () => {
    const token = TOKENS[0];
    for (let pad = 180; pad < 300; pad += 7) {
      const p = new TurnParser();
      p.push(`${'n'.repeat(pad)} ${token} end of a long noise line`);
      assertNoPieceOf(p.noise.join('\n'), token!, `pad ${pad}`);
    }
  });
});
