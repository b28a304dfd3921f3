/** The agent's question in VS Code's question carousel, and the carousel's answer back to the agent by option id. */
import * as assert from 'node:assert/strict';
import { readQuestion } from '../../../src/acp/questions';
import { carouselFor, carouselOutcome, SKIPPED_IN_CAROUSEL } from '../../../src/services/chatUi/carouselInput';

const opts = (...labels: string[]) => labels.map((label, i) => ({ id: `o${i + 1}`, label }));
const question = readQuestion({
  toolCallId: 't',
  title: 'Before I plan',
  questions: [
    { id: 'db', prompt: 'Which database?', options: opts('Postgres', 'SQLite'), allowMultiple: false },
    { id: 'os', prompt: 'Which platforms?', options: opts('Linux', 'Linux', 'Windows'), allowMultiple: true },
  ],
})!;
const result = (answers: Record<string, unknown>) => JSON.stringify({ answers });

describe("The agent's question in VS Code's question carousel", () => {
  it('asks each question with its options, one choice or several, no free text; same labels are told apart', () => {
    const plan = carouselFor(question)!;
    assert.deepEqual(plan.input.questions, [
      {
        header: 'Which database?',
        question: 'Which database?',
        multiSelect: false,
        allowFreeformInput: false,
        options: [{ label: 'Postgres' }, { label: 'SQLite' }],
      },
      {
        header: 'Which platforms?',
        question: 'Which platforms?',
        multiSelect: true,
        allowFreeformInput: false,
        options: [{ label: 'Linux' }, { label: 'Linux (2)' }, { label: 'Windows' }],
      },
    ]);
  });

  it('the options chosen go back by the ids the agent gave them, never by text the answer made up', () => {
    const plan = carouselFor(question)!;
    const back = carouselOutcome(
      plan,
      result({
        'Which database?': { selected: ['SQLite'], freeText: null, skipped: false },
        'Which platforms?': { selected: ['Linux (2)', 'Windows', 'BSD', 42], freeText: null, skipped: false },
      }),
    );
    assert.deepEqual(back, {
      outcome: 'answered',
      answers: [
        { questionId: 'db', selectedOptionIds: ['o2'] },
        { questionId: 'os', selectedOptionIds: ['o2', 'o3'] },
      ],
    });
  });

  it('everything skipped, nothing chosen, or an answer that cannot be read: skipped', () => {
    const plan = carouselFor(question)!;
    const skipped = { outcome: 'skipped', reason: SKIPPED_IN_CAROUSEL };
    assert.deepEqual(carouselOutcome(plan, result({ 'Which database?': { selected: [], freeText: null, skipped: true } })), skipped);
    assert.deepEqual(carouselOutcome(plan, result({ 'Which database?': { selected: ['SQLite'], skipped: true } })), skipped);
    assert.deepEqual(carouselOutcome(plan, '{"answers":'), skipped);
    assert.deepEqual(carouselOutcome(plan, '"x"'.repeat(400_000)), skipped);
  });

  it('words typed instead of a choice (1.110 offers a free-text row) reach the agent as the reason of a skip', () => {
    const plan = carouselFor(question)!;
    assert.deepEqual(
      carouselOutcome(plan, result({ 'Which database?': { selected: ['MySQL'], freeText: 'MySQL [x](command:y)', skipped: false } })),
      {
        outcome: 'skipped',
        reason: 'The user answered in their own words: MySQL [x] (command :y)',
      },
    );
  });

  it('a question with one option is not for the carousel (VS Code refuses it): the buttons ask it', () => {
    assert.equal(carouselFor(readQuestion({ questions: [{ id: 'q', prompt: 'Go?', options: opts('Yes') }] })!), undefined);
  });

  it('markup, command links and huge input reach the carousel bounded and inert', () => {
    const q = readQuestion({
      title: 'x',
      questions: [
        {
          id: 'm',
          prompt: `[run](command:cursorAgent.continueInTerminal) <b>x</b> ${'P'.repeat(1 << 20)}`,
          options: [
            { id: 'a', label: '[x](https://evil.test)' },
            { id: 'b', label: 'L'.repeat(1 << 20) },
          ],
        },
      ],
    })!;
    const item = carouselFor(q)!.input.questions[0]!;
    assert.ok(item.question.length <= 300 && item.header.length <= 50, `${item.question.length} ${item.header.length}`);
    assert.ok(!/\]\(|command:/.test(JSON.stringify(item)), JSON.stringify(item).slice(0, 300));
    assert.ok(item.options.every((o) => o.label.length <= 210));
  });

  it('two questions whose prompts share their first 40 characters are two questions: each answer reaches the agent', () => {
    const same = 'Which of these storage engines should the';
    const q = readQuestion({
      questions: [
        { id: 'users', prompt: `${same} users table use?`, options: opts('Postgres', 'SQLite') },
        { id: 'logs', prompt: `${same} audit log use?`, options: opts('Postgres', 'SQLite') },
      ],
    })!;
    const plan = carouselFor(q)!;
    const [a, b] = plan.input.questions.map((x) => x.header);
    assert.notEqual(a, b, 'the carousel would show one question twice');
    const back = carouselOutcome(
      plan,
      result({ [a!]: { selected: ['Postgres'], freeText: null, skipped: false }, [b!]: { selected: ['SQLite'], freeText: null, skipped: false } }),
    );
    assert.deepEqual(back, {
      outcome: 'answered',
      answers: [
        { questionId: 'users', selectedOptionIds: ['o1'] },
        { questionId: 'logs', selectedOptionIds: ['o2'] },
      ],
    });
  });

  it("a heading, a table, an image or a link in the agent's question reach the carousel (which renders Markdown) as plain, escaped text", () => {
    const prompt = '# Storage\n\n| engine | speed |\n|---|---|\n![logo](https://x.test/a.png) <https://x.test> Which database?';
    const item = carouselFor(readQuestion({ questions: [{ id: 'q', prompt, options: opts('Postgres', 'SQLite') }] })!)!.input.questions[0]!;
    assert.equal(
      item.question,
      '\\# Storage \\| engine \\| speed \\| \\|\\-\\-\\-\\|\\-\\-\\-\\| \\!\\[logo\\] \\(https\\:' +
        '//x\\.test/a\\.png\\) \\<https\\://x\\.test\\> Which database?',
    );
    assert.deepEqual(item.options, [{ label: 'Postgres' }, { label: 'SQLite' }], 'labels are shown as text: never escaped');
    // Escaping never pushes a long question past the carousel's bound, nor cuts an escape in two.
    const long = carouselFor(readQuestion({ questions: [{ id: 'q', prompt: '#'.repeat(5000), options: opts('a', 'b') }] })!)!.input.questions[0]!;
    assert.ok(long.question.length <= 280 && /^(\\#)+…$/.test(long.question), long.question);
  });
});
