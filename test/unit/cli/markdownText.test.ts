// What counts as markup: the one escaper of agent text for Markdown (src/cli/markdownText.ts), as a table.
import * as assert from 'node:assert/strict';
import { escapeMarkdown, oneLine } from '../../../src/cli/markdownText';

/** Each character that marks up in VS Code's chat Markdown, with what it would do there unescaped. */
const MARKUP: ReadonlyArray<[string, string]> = [
  ['\\', 'escapes the next character'],
  ['`', 'code'],
  ['*', 'emphasis, list item'],
  ['_', 'emphasis'],
  ['{', 'attribute lists'],
  ['}', 'attribute lists'],
  ['[', 'link text'],
  [']', 'link text'],
  ['(', 'link target'],
  [')', 'link target'],
  ['#', 'heading'],
  ['+', 'list item'],
  ['-', 'list item, rule, setext heading'],
  ['.', 'ordered list item after digits'],
  ['!', 'image'],
  ['|', 'table cell'],
  ['<', 'HTML, autolink'],
  ['>', 'quote, HTML'],
  ['~', 'strikethrough'],
  ['&', 'entity'],
  [':', 'autolink scheme (https:, command:)'],
  ['"', 'HTML attribute, link title'],
  ["'", 'HTML attribute, link title'],
  ['=', 'HTML attribute'],
  ['$', 'math, codicon'],
  ['%', 'URL escape'],
  ['@', 'e-mail autolink'],
];

/** Characters that never mark up: left as they are. */
const PLAIN = ['a', 'Z', '0', '9', ' ', ',', ';', '/', '?', '^', 'é', '中', '😀'];

describe('escapeMarkdown: what counts as markup (the one escaper of agent text)', () => {
  for (const [c, why] of MARKUP) {
    it(`escapes ${JSON.stringify(c)} (${why})`, () => {
      assert.equal(escapeMarkdown(`a${c}b`), `a\\${c}b`);
    });
  }

  it('escapes nothing else', () => {
    for (const c of PLAIN) assert.equal(escapeMarkdown(`a${c}b`), `a${c}b`, JSON.stringify(c));
    const every = Array.from({ length: 0x80 }, (_, i) => String.fromCharCode(i)).filter((c) => !MARKUP.some(([m]) => m === c));
    for (const c of every) assert.equal(escapeMarkdown(c), c, JSON.stringify(c));
  });

  it('a narrower set escapes only its own characters, the regex specials of a character class included', () => {
    assert.equal(escapeMarkdown('a|b*c', '|'), 'a\\|b*c');
    assert.equal(escapeMarkdown('\\-]^x', '\\]-^'), '\\\\\\-\\]\\^x');
  });

  it('a link, a command link and a codicon show as written', () => {
    assert.equal(escapeMarkdown('[x](command:y)'), '\\[x\\]\\(command\\:y\\)');
    assert.equal(escapeMarkdown('$(zap)'), '\\$\\(zap\\)');
  });
});

describe('oneLine', () => {
  it('makes whitespace runs, newlines included, one space and trims', () => {
    assert.equal(oneLine('  a\n\n b\t c  '), 'a b c');
  });
});
