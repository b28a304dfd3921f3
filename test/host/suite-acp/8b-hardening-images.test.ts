// Image files attached to @cursor are read within their limits, never before them: a `.png` that is a link
// to /dev/zero or a FIFO is "not an image" at once (the host does not grow), and of 40 images of 4.9 MB no
// more than the 10 MB a question may carry is read before the question is refused.
import * as assert from 'assert';
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as vscode from 'vscode';
import { makePng } from '../../fixtures/images';
import { workspacePath } from '../helpers';
import { prepareImages } from '../../../src/services/engine/images';
import { readReferences } from '../../../src/vscode/chat/chatReferences';
import { acpReady } from './support';

const MB = 1024 * 1024;

/** Bytes this process (the extension host) has read through read(2) and friends so far. */
function bytesRead(): number {
  return Number(/^rchar: (\d+)$/m.exec(fs.readFileSync('/proc/self/io', 'utf8'))?.[1] ?? NaN);
}

/**
 * The attachments of an @cursor request naming these files, read as the participant reads them (the extension's own
 * chatReferences.ts in this extension host), then checked as a turn checks them (images.ts). (The chat panel's
 * `attachFiles` drops image files before a participant sees them in code-server; VS Code attaches a real image
 * asynchronously, which the host cannot wait for: see 7-images.test.ts.)
 */
async function attach(files: vscode.Uri[]): Promise<{ notSent: string[]; refused?: string; ms: number }> {
  const t0 = Date.now();
  const request = { references: files.map((value, i) => ({ id: `file-${i}`, value })) } as unknown as vscode.ChatRequest;
  const logger = { info: () => undefined, warn: () => undefined, error: () => undefined, debug: () => undefined, trace: () => undefined };
  const { attachments } = await readReferences(request, logger as never);
  try {
    const prepared = prepareImages(attachments);
    return { notSent: prepared.notSent.map((n) => `${n.label} (${n.mimeType})`), ms: Date.now() - t0 };
  } catch (err) {
    return { notSent: [], refused: (err as Error).message, ms: Date.now() - t0 };
  }
}

describe('image files are read within their limits', function () {
  this.timeout(120_000);
  const dir = path.join(workspacePath(), 'hard-images');
  before(async function () {
    this.timeout(30_000);
    await acpReady();
    fs.mkdirSync(dir, { recursive: true });
  });

  it('zero.png (a link to /dev/zero) and a FIFO named pipe.png are "not an image" at once; the host grows by less than 20 MB', async function () {
    if (process.platform !== 'linux') this.skip(); // /dev/zero, mkfifo and /proc/self/io
    const zero = path.join(dir, 'zero.png');
    const fifo = path.join(dir, 'pipe.png');
    if (!fs.existsSync(zero)) fs.symlinkSync('/dev/zero', zero);
    if (!fs.existsSync(fifo)) assert.strictEqual(spawnSync('mkfifo', [fifo]).status, 0, 'mkfifo failed');
    const rss = process.memoryUsage().rss;
    const r = await attach([vscode.Uri.file(zero), vscode.Uri.file(fifo)]);
    const grew = process.memoryUsage().rss - rss;
    assert.deepStrictEqual(r, { notSent: ['hard-images/zero.png (not a regular file)', 'hard-images/pipe.png (not a regular file)'], ms: r.ms });
    assert.ok(r.ms < 2000, `reading them took ${r.ms} ms`);
    assert.ok(grew < 20 * MB, `the host grew by ${(grew / MB).toFixed(1)} MB`);
  });

  it('40 images of 4.9 MB: the question is refused, and no more than the 10 MB limit was read', async function () {
    if (process.platform !== 'linux') this.skip(); // /proc/self/io
    const files: vscode.Uri[] = [];
    const header = makePng(8, 8);
    for (let i = 0; i < 40; i++) {
      const f = path.join(dir, `big-${i}.png`);
      // A PNG's bytes first, then a sparse tail to 4.9 MB (nothing to write, but all of it to read).
      fs.writeFileSync(f, header);
      fs.truncateSync(f, Math.round(4.9 * MB));
      files.push(vscode.Uri.file(f));
    }
    const before = bytesRead();
    const r = await attach(files);
    const read = bytesRead() - before;
    assert.match(r.refused ?? '', /the limit is 10\.0 MB per question/, JSON.stringify(r));
    // (1 MB beside the 9.8 MB of two images: whatever else the extension host read meanwhile.)
    assert.ok(read < 11 * MB, `the extension host read ${(read / MB).toFixed(1)} MB`);
  });

  it("images on another extension's file system (not file:): over a limit they are refused unread, and no more than the 10 MB a question may carry is read", async function () {
    const scheme = 'cursor-test-images';
    const sizes = new Map<string, number>([['/huge.png', 6 * MB]]);
    for (let i = 0; i < 40; i++) sizes.set(`/big-${i}.png`, Math.round(4.9 * MB));
    const reads: string[] = [];
    const registration = vscode.workspace.registerFileSystemProvider(scheme, imageFileSystem(sizes, reads), { isReadonly: true });
    try {
      const uri = (p: string) => vscode.Uri.from({ scheme, path: p });
      const huge = await attach([uri('/huge.png')]);
      assert.match(huge.refused ?? '', /the limit is 5\.0 MB per image/, JSON.stringify(huge));
      assert.deepStrictEqual(reads, [], 'an image over the 5 MB limit was read');
      const many = await attach([...sizes.keys()].filter((p) => p !== '/huge.png').map(uri));
      assert.match(many.refused ?? '', /the limit is 10\.0 MB per question/, JSON.stringify(many));
      assert.deepStrictEqual(reads, ['/big-0.png', '/big-1.png'], 'more than the 10 MB a question may carry was read');
    } finally {
      registration.dispose();
    }
  });
});

/** A read-only file system of PNG files of these sizes (path → bytes), recording each path it reads whole. */
function imageFileSystem(sizes: Map<string, number>, reads: string[]): vscode.FileSystemProvider {
  const size = (uri: vscode.Uri) => {
    const n = sizes.get(uri.path);
    if (n === undefined) throw vscode.FileSystemError.FileNotFound(uri);
    return n;
  };
  return {
    onDidChangeFile: new vscode.EventEmitter<vscode.FileChangeEvent[]>().event,
    watch: () => new vscode.Disposable(() => undefined),
    stat: (uri) => ({ type: vscode.FileType.File, ctime: 0, mtime: 0, size: size(uri) }),
    readDirectory: () => [],
    createDirectory: () => undefined,
    readFile: (uri) => {
      const bytes = new Uint8Array(size(uri));
      bytes.set(makePng(8, 8));
      reads.push(uri.path);
      return bytes;
    },
    writeFile: () => undefined,
    delete: () => undefined,
    rename: () => undefined,
  };
}
