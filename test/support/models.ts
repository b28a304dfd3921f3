/**
 * The model lists the tests use, typed, in one place. The realistic `cursor-agent models` listing
 * (about 200 rows, the size and shape of a real 2026.10 account) lives in
 * test/fixtures/fake-cli/modelListing.js, because the fake is plain JavaScript and prints it from
 * there; tsc does not copy that file to out/, so it is loaded from the repository.
 */
import * as path from 'path';
import { findRepoRoot } from '../fixtures/fakeCli';

/** A model as `cursor-agent models` lists it: `[id, label]`, the label as the CLI prints it (`Auto (default)`). */
export type ListedModel = [id: string, label: string];

interface Listing {
  bigModelListing(): ListedModel[];
  defaultModelListing(): ListedModel[];
  BIG_LISTING_FAMILIES: number;
}

// eslint-disable-next-line @typescript-eslint/no-require-imports -- a plain-JavaScript fixture, shared with the fake
const listing = require(path.join(findRepoRoot(), 'test', 'fixtures', 'fake-cli', 'modelListing.js')) as Listing;

/** `[id, label]` pairs in the CLI's order: `auto` first (the account's default), then every family's variants. */
export function bigModelListing(): ListedModel[] {
  return listing.bigModelListing();
}

/** What the fake's `models` prints when its scenario names no models: the four classic ids (`auto` first), then {@link bigModelListing}'s. */
export function defaultModelListing(): ListedModel[] {
  return listing.defaultModelListing();
}

/** How many families `bigModelListing()` has (Auto not counted). */
export const BIG_LISTING_FAMILIES = listing.BIG_LISTING_FAMILIES;

/** The default model list of the fake CLI (a real account's ~200, the four classic ids first). */
export const FAKE_MODELS: ListedModel[] = defaultModelListing();

/** The first four of {@link FAKE_MODELS}, the ones the tests name: auto (the CLI's default), composer-2.5-fast, claude-4.5-sonnet, gpt-5. */
export const CLASSIC_MODELS: ListedModel[] = FAKE_MODELS.slice(0, 4);

/** The name VS Code shows for a listed model: the CLI's `(default)` marker dropped. */
export function shownLabel(label: string): string {
  return label.replace(/\s*\(default\)$/, '');
}

/** The text `cursor-agent models` prints for `models` (heading, one `id - label` row each, the closing tip). */
export function modelsText(models: readonly ListedModel[]): string {
  return [
    'Available models',
    '',
    ...models.map(([id, label]) => `${id} - ${label}`),
    '',
    'Tip: use --model <id> (or /model <id> in interactive mode) to switch.',
  ].join('\n');
}
