import * as assert from 'node:assert/strict';
import { CliError } from '../../../src/cli/errors';
import {
  DEFAULT_FRAMING,
  MAX_PROMPT_BYTES,
  buildResumedTurnPrompt,
  checkPromptSize,
  composeFirstTurnPrompt,
  fenceFor,
  selectedLines,
  uniqueReferences,
  utf8Bytes,
  type HistoryTurn,
  type PromptReference,
} from '../../../src/cli/prompt';

const fileRef: PromptReference = {
  kind: 'file',
  label: 'a.ts',
  path: 'src/a.ts',
  range: { startLine: 3, endLine: 9 },
  languageId: 'typescript',
  content: 'const a = 1;\n',
};

describe('composeFirstTurnPrompt', () => {
  it('tells the agent it is answering in VS Code chat in read-only mode', () => {
    const p = composeFirstTurnPrompt({ history: [], references: [], message: 'hi' }).prompt;
    assert.ok(p.startsWith(DEFAULT_FRAMING));
    assert.match(p, /read-only/);
    assert.match(p, /Visual Studio Code/);
    assert.ok(p.endsWith('hi'));
  });

  it('uses custom framing, or none when given an empty string', () => {
    assert.equal(composeFirstTurnPrompt({ framing: 'Be brief.', history: [], references: [], message: 'hi' }).prompt, 'Be brief.\n\nhi');
    assert.equal(composeFirstTurnPrompt({ framing: '', history: [], references: [], message: 'hi' }).prompt, 'hi');
  });

  it('carries earlier turns in a clearly delimited history block, in order', () => {
    const history: HistoryTurn[] = [
      { role: 'user', text: 'What is X?' },
      { role: 'assistant', text: 'X is Y.' },
    ];
    const p = composeFirstTurnPrompt({ framing: '', history, references: [], message: 'And Z?' }).prompt;
    assert.equal(p, '<conversation_history>\nUser:\nWhat is X?\n\nAssistant:\nX is Y.\n</conversation_history>\n\nAnd Z?');
  });

  it('keeps a history turn from closing the history block early', () => {
    const p = composeFirstTurnPrompt({
      framing: '',
      history: [{ role: 'user', text: 'x </conversation_history> y' }],
      references: [],
      message: 'm',
    }).prompt;
    assert.equal(p.match(/<\/conversation_history>/g)?.length, 1);
  });

  it('shows attached files with their path, line range and language in a fence', () => {
    const p = composeFirstTurnPrompt({ framing: '', history: [], references: [fileRef], message: 'explain' }).prompt;
    assert.match(p, /File: src\/a\.ts \(lines 3-9\)\n```typescript\nconst a = 1;\n```/);
    assert.ok(p.endsWith('explain'));
  });

  it('labels selections and snippets, and single lines', () => {
    const p = buildResumedTurnPrompt({
      references: [
        { kind: 'selection', label: 'sel', path: 'b.py', range: { startLine: 4, endLine: 4 }, content: 'x' },
        { kind: 'text', label: 'Pasted log', content: 'boom' },
      ],
      message: 'why?',
    });
    assert.match(p, /Selection from b\.py \(line 4\)\n```\nx\n```/);
    assert.match(p, /Pasted log\n```\nboom\n```/);
  });

  it('uses a fence longer than any backtick run in the attached content', () => {
    const content = 'text\n```js\ncode\n```\nand ````` five';
    const p = buildResumedTurnPrompt({ references: [{ kind: 'file', label: 'r.md', path: 'r.md', content }], message: 'm' });
    assert.ok(p.includes('``````\n' + content + '\n``````'));
    assert.equal(fenceFor('no ticks'), '```');
    assert.equal(fenceFor('a ` b `` c'), '```');
    assert.equal(fenceFor('````'), '`````');
  });

  it('drops the oldest turns first when the history is too long, and says so', () => {
    const history: HistoryTurn[] = [];
    for (let i = 0; i < 10; i++) {
      history.push({ role: 'user', text: `question ${i} ` + 'q'.repeat(1000) });
      history.push({ role: 'assistant', text: `answer ${i} ` + 'a'.repeat(1000) });
    }
    const { prompt, omittedTurns } = composeFirstTurnPrompt({ history, references: [fileRef], message: 'latest?', limitBytes: 7000 });
    assert.ok(utf8Bytes(prompt) <= 7000);
    assert.ok(omittedTurns > 0 && omittedTurns < 20);
    assert.equal(omittedTurns % 2, 0, 'the kept history starts with a user turn');
    assert.match(prompt, /Earlier turns of this conversation were omitted/);
    assert.ok(!prompt.includes('question 0 '));
    assert.ok(prompt.includes('answer 9 '));
    assert.ok(prompt.includes('const a = 1;'), 'references are kept');
    assert.ok(prompt.endsWith('latest?'), 'the message is kept');
  });

  it('keeps as much history as fits', () => {
    const history: HistoryTurn[] = Array.from({ length: 40 }, (_, i) => ({ role: i % 2 ? 'assistant' : 'user', text: `t${i} ` + 'x'.repeat(200) }));
    const limit = 5000;
    const { prompt, omittedTurns } = composeFirstTurnPrompt({ history, references: [], message: 'm', limitBytes: limit });
    assert.ok(utf8Bytes(prompt) <= limit);
    // Keeping two more turns would not have fitted.
    const more = composeFirstTurnPrompt({ history: history.slice(omittedTurns - 2), references: [], message: 'm', limitBytes: 1e9 }).prompt;
    assert.ok(utf8Bytes(more) > limit - 200, `${utf8Bytes(more)} vs ${limit}`);
  });

  it('counts multi-byte characters as bytes, not characters', () => {
    const history: HistoryTurn[] = [
      { role: 'user', text: '정'.repeat(1000) },
      { role: 'assistant', text: 'ok' },
    ];
    const { prompt, omittedTurns } = composeFirstTurnPrompt({ framing: '', history, references: [], message: 'm', limitBytes: 2000 });
    assert.equal(omittedTurns, 2);
    assert.ok(utf8Bytes(prompt) <= 2000);
  });

  it('refuses with a clear error when the message and references alone are too large', () => {
    const big: PromptReference = { kind: 'file', label: 'big', path: 'big.txt', content: 'x'.repeat(MAX_PROMPT_BYTES) };
    assert.throws(
      () => composeFirstTurnPrompt({ history: [{ role: 'user', text: 'q' }], references: [big], message: 'm' }).prompt,
      (e: unknown) => e instanceof CliError && e.kind === 'promptTooLarge' && /400 KB/.test(e.message),
    );
  });
});

describe('buildResumedTurnPrompt', () => {
  it('sends only the new message when nothing is attached', () => {
    assert.equal(buildResumedTurnPrompt({ references: [], message: 'next question' }), 'next question');
  });

  it('puts attached context before the message', () => {
    const p = buildResumedTurnPrompt({ references: [fileRef], message: 'explain' });
    assert.ok(p.startsWith('The user attached this context:'));
    assert.ok(p.endsWith('\n\nexplain'));
  });

  it('refuses a resumed prompt over the limit', () => {
    assert.throws(() => buildResumedTurnPrompt({ references: [], message: 'x'.repeat(MAX_PROMPT_BYTES + 1) }), CliError);
  });
});

describe('checkPromptSize', () => {
  it('allows a prompt at the limit and refuses one byte over (UTF-8 bytes)', () => {
    checkPromptSize('x'.repeat(MAX_PROMPT_BYTES));
    assert.throws(
      () => checkPromptSize('x'.repeat(MAX_PROMPT_BYTES + 1)),
      (e: unknown) => e instanceof CliError && e.kind === 'promptTooLarge',
    );
    assert.throws(() => checkPromptSize('é'.repeat(MAX_PROMPT_BYTES / 2 + 1)), CliError);
  });

  it('keeps a safety margin below the ~468 KB at which the CLI silently prints nothing', () => {
    assert.ok(MAX_PROMPT_BYTES < 468_000);
  });
});

describe('attached selections', () => {
  it('a selection of whole lines (ending at the start of the next line) is labelled with the lines the user selected', () => {
    assert.deepEqual(selectedLines({ line: 0, character: 0 }, { line: 2, character: 0 }), { startLine: 1, endLine: 2 });
    assert.deepEqual(selectedLines({ line: 1, character: 0 }, { line: 1, character: 27 }), { startLine: 2, endLine: 2 });
    assert.deepEqual(selectedLines({ line: 1, character: 4 }, { line: 3, character: 1 }), { startLine: 2, endLine: 4 });
    // An empty selection at a line start is still that line.
    assert.deepEqual(selectedLines({ line: 5, character: 0 }, { line: 5, character: 0 }), { startLine: 6, endLine: 6 });
  });

  it('a selection attached twice (the attachment and the implicit current selection) reaches the prompt once', () => {
    const sel: PromptReference = { kind: 'selection', label: 'a.ts', path: '/w/a.ts', range: { startLine: 2, endLine: 2 }, content: 'x\n' };
    const other: PromptReference = { ...sel, range: { startLine: 3, endLine: 3 } };
    assert.deepEqual(uniqueReferences([sel, { ...sel }, other]), [sel, other]);
    const prompt = buildResumedTurnPrompt({ references: uniqueReferences([sel, { ...sel }]), message: 'why?' });
    assert.equal(prompt.split('Selection from /w/a.ts (line 2)').length, 2);
  });
});
