/**
 * Image files the user attached, read within the turn's image limits (services/engine/images.ts) and never
 * past them: regular files only (a FIFO or a link to /dev/zero named `.png` is "not an image", refused
 * without a read), at most the per-image limit read from each, and the count and total checked before each
 * next file is read. A file over a limit is named unread (its size from the file system), and refused.
 */
import * as fs from 'fs';
import * as vscode from 'vscode';
import { imageReadAllowed, MAX_IMAGE_BYTES, type BinaryAttachment } from '../../services/engine/images';

/** Files attached by these names are images: read as bytes, never opened as a text document. */
export const IMAGE_FILE = /\.(png|jpe?g|gif|webp)$/i;

/** What the turn read of its image files so far. */
export interface ImagesRead {
  count: number;
  bytes: number;
}

export async function readImageFile(uri: vscode.Uri, read: ImagesRead): Promise<BinaryAttachment> {
  const label = vscode.workspace.asRelativePath(uri);
  const declaredMime = `image/${(IMAGE_FILE.exec(uri.path)?.[1] ?? '').toLowerCase().replace('jpg', 'jpeg')}`;
  const notAFile: BinaryAttachment = { label, declaredMime: 'not a regular file', bytes: new Uint8Array(0) };
  if (uri.scheme === 'file') return readLocal(uri.fsPath, { label, declaredMime, notAFile }, read);
  const stat = await vscode.workspace.fs.stat(uri);
  if ((stat.type & vscode.FileType.File) === 0) return notAFile;
  if (!imageReadAllowed(read, stat.size)) return { label, declaredMime, size: stat.size, bytes: new Uint8Array(0) };
  const bytes = await vscode.workspace.fs.readFile(uri);
  if (bytes.byteLength > MAX_IMAGE_BYTES) return { label, declaredMime, size: bytes.byteLength, bytes: new Uint8Array(0) };
  read.count += 1;
  read.bytes += bytes.byteLength;
  return { label, declaredMime, bytes };
}

/** A local file through its own descriptor: opened without blocking (a FIFO), checked to be a regular file, read bounded. */
async function readLocal(
  file: string,
  a: { label: string; declaredMime: string; notAFile: BinaryAttachment },
  read: ImagesRead,
): Promise<BinaryAttachment> {
  const handle = await fs.promises.open(file, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK);
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) return a.notAFile;
    if (!imageReadAllowed(read, stat.size)) return { label: a.label, declaredMime: a.declaredMime, size: stat.size, bytes: new Uint8Array(0) };
    // One byte past the limit at most: a file that grew since is seen to be over it, never read whole.
    const buffer = Buffer.alloc(Math.min(stat.size, MAX_IMAGE_BYTES) + 1);
    let length = 0;
    while (length < buffer.length) {
      const { bytesRead } = await handle.read(buffer, length, buffer.length - length, length);
      if (bytesRead === 0) break;
      length += bytesRead;
    }
    if (length > MAX_IMAGE_BYTES) return { label: a.label, declaredMime: a.declaredMime, size: length, bytes: new Uint8Array(0) };
    read.count += 1;
    read.bytes += length;
    return { label: a.label, declaredMime: a.declaredMime, bytes: new Uint8Array(buffer.buffer, buffer.byteOffset, length) };
  } finally {
    await handle.close();
  }
}
