/**
 * Agent and CLI text as Markdown that shows it as written: the one escaper, beside the other agent-text
 * rules (`agentText.ts`: bound, one line, inert). Every surface that puts such text into Markdown calls
 * {@link escapeMarkdown}; one that escapes a narrower set passes it, and says where it calls why. Pure.
 */

/**
 * Every character that marks up inside one line of Markdown as VS Code's chat renders it: emphasis and code
 * (`* _ ~ \``), links and images (`[ ] ( ) !`), headings, lists and quotes (`# + - .` after digits, `>`), tables
 * (`|`), HTML and entities (`< > & " ' =`), math and codicons (`$`), autolinks (`: @ %`), and the escape itself.
 */
export const MARKUP_CHARS = '\\`*_{}[]()#+-.!|<>~&:"\'=$%@';

const cache = new Map<string, RegExp>();

function classOf(chars: string): RegExp {
  let re = cache.get(chars);
  if (!re) {
    re = new RegExp(`[${chars.replace(/[\\\]^-]/g, '\\$&')}]`, 'g');
    cache.set(chars, re);
  }
  return re;
}

/** `s` with a backslash before each character of `chars` ({@link MARKUP_CHARS} unless given). Linear in `s`. */
export function escapeMarkdown(s: string, chars: string = MARKUP_CHARS): string {
  return s.replace(classOf(chars), (c) => `\\${c}`);
}

/** `s` as one line: whitespace runs (newlines too) one space, trimmed. A newline would end a list item or a heading. */
export function oneLine(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}
