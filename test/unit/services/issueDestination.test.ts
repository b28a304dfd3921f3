/** "Cursor: Report Issue…" uses VS Code's issue reporter only when the manifest names a tracker (`bugs`); no invented address. */
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { issueDestination } from '../../../src/services/readiness/issueDestination';
import { repoRoot } from '../../support/samples';

describe('where Report Issue sends the report', () => {
  it('a `bugs` URL (a string or { url }) opens the issue reporter', () => {
    assert.deepEqual(issueDestination({ bugs: 'https://example.com/issues' }), { kind: 'issueReporter', url: 'https://example.com/issues' });
    assert.deepEqual(issueDestination({ bugs: { url: 'https://example.com/issues' } }), { kind: 'issueReporter', url: 'https://example.com/issues' });
  });

  it('no `bugs` URL, or one that is not a web address, opens a document instead', () => {
    for (const manifest of [{}, undefined, { bugs: { email: 'a@b.c' } }, { bugs: 'javascript:alert(1)' }, { bugs: '' }])
      assert.deepEqual(issueDestination(manifest), { kind: 'document' }, JSON.stringify(manifest));
  });

  it('this package names no tracker and no repository yet (none is invented), so the report opens as a document', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(repoRoot(), 'package.json'), 'utf8')) as Record<string, unknown>;
    assert.equal(manifest.repository, undefined);
    assert.equal(manifest.homepage, undefined);
    assert.deepEqual(issueDestination(manifest), { kind: 'document' });
  });
});
