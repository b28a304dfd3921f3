// An idle-connection flood from a child process (so only the server's descriptors count in this one):
// the editor-tools flood test (test/unit/node/editorToolsFlood.test.ts) and its bench case (bench/loopbackFlood.ts).
import { type ChildProcess, spawn } from 'node:child_process';
import * as fs from 'node:fs';

/** Open descriptors of this process (Linux). */
export const openFds = () => fs.readdirSync('/proc/self/fd').length;

/** A child that opens `n` idle sockets to `port` (a few hundred at a time) and holds them; resolves once all were tried. */
export function idleFlood(port: number, n: number): Promise<ChildProcess> {
  const script = `
    const net = require('node:net');
    const held = [];
    (async () => {
      for (let i = 0; i < ${n}; i += 200) {
        await Promise.all(Array.from({ length: Math.min(200, ${n} - i) }, () => new Promise((done) => {
          const s = net.connect(${port}, '127.0.0.1', done);
          s.on('error', done); s.on('close', done); held.push(s);
        })));
      }
      process.stdout.write('ready\\n');
    })();
    process.stdin.on('end', () => process.exit(0)); process.stdin.resume();`;
  const child = spawn(process.execPath, ['-e', script], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (d: Buffer) => d.toString().includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`the flood exited (${code})`)));
  });
}

export function stopFlood(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.stdin!.end();
  });
}
