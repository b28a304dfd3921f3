/**
 * docs/troubleshooting.md holds every error message the chat can show: for each error kind (src/cli/errorKinds.ts),
 * the opening words of its message (src/cli/errorMessages.ts, up to the first detail it fills in) appear in the
 * table's "You see" column. A new kind, or a reworded message, without its row fails here.
 */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { CliErrorKind } from '../../src/cli/errorKinds';
import { describeError } from '../../src/cli/errorMessages';
import { repoRoot } from '../support/samples';

/** Every kind once: a kind added to the union without an entry here fails to compile. */
const KINDS = Object.keys({
  notInstalled: true,
  notExecutable: true,
  ideLauncherOnly: true,
  loggedOut: true,
  keychainLocked: true,
  invalidApiKey: true,
  unknownModel: true,
  usageLimit: true,
  rateLimit: true,
  network: true,
  sessionInUse: true,
  resumeFailed: true,
  promptTooLarge: true,
  timeout: true,
  malformedStream: true,
  policyBreach: true,
  untrustedWorkspace: true,
  unsafeWorkspace: true,
  imageTooLarge: true,
  imagesUnsupported: true,
  unknown: true,
} satisfies Record<CliErrorKind, true>) as CliErrorKind[];

/** The opening five words, with every `code span` (a filled-in detail in the message, a placeholder in the doc) as X. */
const normal = (s: string) => s.replace(/`[^`]*`/g, 'X').replace(/\s+/g, ' ');
const opening = (message: string) =>
  normal(message)
    .split(' ')
    .slice(0, 5)
    .join(' ')
    .replace(/[.,:…]+$/, '');

describe('docs/troubleshooting.md lists every message the chat can show', () => {
  const doc = normal(fs.readFileSync(path.join(repoRoot(), 'docs', 'troubleshooting.md'), 'utf8'));

  for (const kind of KINDS) {
    it(`the ${kind} message`, () => {
      const start = opening(describeError(kind).message);
      assert.ok(doc.includes(start), `docs/troubleshooting.md has no row for "${describeError(kind).message}" (looked for "${start}")`);
    });
  }
});
