import * as assert from 'node:assert/strict';
import type { BenchEntry } from '../../../bench/lib';
import { closingLine, verdict } from '../../../bench/run';

const entry = (name: string, value: number | null, met: boolean | null, target: string | null = 'x < 1'): BenchEntry => ({
  name,
  value,
  unit: 'ms',
  baseline: null,
  ratio: null,
  target,
  met,
  detail: value === null ? 'the extension-host run failed (exit 1)' : undefined,
});

describe('npm run bench: what the closing line claims', () => {
  it('never counts a figure without a value as met, even when its entry says met', () => {
    assert.equal(verdict(entry('activation_activate_ms', null, true)), 'not measured');
    assert.equal(verdict(entry('activation_activate_ms', null, null)), 'not measured');
  });

  it('counts a figure whose verdict could not be established (met null) as not measured', () => {
    assert.equal(verdict(entry('activation_spawns_during_activate', 0, null)), 'not measured');
    assert.equal(verdict(entry('bundle_size', 117, null, null)), '-');
  });

  it('counts met, missed and not measured apart, naming why a figure was not measured', () => {
    const line = closingLine([entry('a', 1, true), entry('b', 2, false), entry('activation_activate_ms', null, null), entry('size', 3, null, null)]);
    assert.equal(line, 'bench: 1 of 3 targets met, 1 missed (b), 1 not measured (activation_activate_ms: the extension-host run failed (exit 1))');
  });

  it('says every target was met only when each has a value that meets it', () => {
    assert.equal(closingLine([entry('a', 1, true), entry('b', 0, true)]), 'bench: 2 of 2 targets met');
  });
});
