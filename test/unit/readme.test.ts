/**
 * The README's Settings and Commands tables say what package.json declares: every setting once with its default
 * and scope (a missing `scope` is `window`), every command once with its id and its palette title
 * ("Cursor: " + the package.nls.json text). A setting or command added without its row, or a default changed in one
 * place only, fails here.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SETTINGS, type SettingSpec } from '../../src/services/settingsSchema';
import { repoRoot } from '../support/samples';

interface Manifest {
  contributes: {
    configuration: { properties: Record<string, { default?: unknown; scope?: string }> };
    commands: Array<{ command: string; title: string; category?: string }>;
  };
}

const read = (file: string) => fs.readFileSync(path.join(repoRoot(), file), 'utf8');
const manifest = JSON.parse(read('package.json')) as Manifest;
const nls = JSON.parse(read('package.nls.json')) as Record<string, string>;
const readme = read('README.md');

/** The rows of the table under `## <heading>`, cells trimmed, header and separator left out. */
function tableRows(heading: string): string[][] {
  const start = readme.indexOf(`\n## ${heading}\n`);
  assert.ok(start >= 0, `the README has a "${heading}" section`);
  const end = readme.indexOf('\n## ', start + 1);
  const lines = readme
    .slice(start, end < 0 ? undefined : end)
    .split('\n')
    .filter((l) => l.startsWith('|'));
  return lines.slice(2).map((l) =>
    l
      .slice(1, l.endsWith('|') ? -1 : undefined)
      .split(' | ')
      .map((c) => c.trim()),
  );
}

/** How the README spells a default: a non-empty string bare, anything else as JSON. */
const shownDefault = (value: unknown) => (typeof value === 'string' && value !== '' ? value : JSON.stringify(value));
const code = (cell: string | undefined) => /^`([^`]*)`$/.exec(cell ?? '')?.[1];

describe("the README's Settings table agrees with package.json", () => {
  const rows = new Map(tableRows('Settings').map((r) => [code(r[0]), r]));
  const props = manifest.contributes.configuration.properties;

  it('lists every setting once, and nothing package.json does not declare', () => {
    const names = tableRows('Settings').map((r) => code(r[0]));
    assert.deepEqual([...names].sort(), Object.keys(props).sort());
    assert.equal(new Set(names).size, names.length, 'a setting listed twice');
    assert.deepEqual(
      Object.keys(props).sort(),
      Object.keys(SETTINGS)
        .map((k) => `cursorAgent.${k}`)
        .sort(),
      'the SETTINGS table',
    );
  });

  it('shows each default and scope as package.json (and the SETTINGS table) declare them', () => {
    for (const [name, p] of Object.entries(props)) {
      const row = rows.get(name);
      assert.ok(row, name);
      assert.equal(code(row[1]), shownDefault(p.default), `${name} default`);
      assert.equal(row[2], p.scope ?? 'window', `${name} scope`);
      const spec = (SETTINGS as Record<string, SettingSpec<unknown>>)[name.slice('cursorAgent.'.length)];
      assert.equal(code(row[1]), shownDefault(spec!.default), `${name} default in the SETTINGS table`);
      assert.ok((row[3] ?? '').length > 0, `${name} says what it does`);
    }
  });
});

describe("the README's Commands table agrees with package.json", () => {
  const rows = tableRows('Commands');
  const commands = manifest.contributes.commands;
  const title = (c: { title: string; category?: string }) => {
    const key = /^%(.+)%$/.exec(c.title)?.[1];
    const text = key ? nls[key] : c.title;
    assert.ok(text, `package.nls.json has ${c.title}`);
    return c.category ? `${c.category}: ${text}` : text;
  };

  it('lists every command once by id, and nothing package.json does not declare', () => {
    const ids = rows.map((r) => code(r[1]));
    assert.deepEqual([...ids].sort(), commands.map((c) => c.command).sort());
    assert.equal(new Set(ids).size, ids.length, 'a command listed twice');
  });

  it('names each command with the title the Command Palette shows', () => {
    for (const c of commands) {
      const row = rows.find((r) => code(r[1]) === c.command);
      assert.equal(row?.[0], title(c), c.command);
      assert.ok((row?.[2] ?? '').length > 0, `${c.command} says what it does`);
    }
  });
});

describe('the README stays a page a user reads in five minutes', () => {
  it('is at most 13 KB with no line over 300 characters, and links nothing the package leaves out of the details page', () => {
    assert.ok(Buffer.byteLength(readme, 'utf8') <= 13 * 1024, `${Buffer.byteLength(readme, 'utf8')} bytes`);
    for (const [i, line] of readme.split('\n').entries()) assert.ok(line.length <= 300, `line ${i + 1}: ${line.length} characters`);
    assert.doesNotMatch(readme, /bench\/README\.md/, 'bench/README.md is not in the package: its link is dead on the installed details page');
  });
});
