/**
 * Images a turn sends to the agent: which attachments are images (by their bytes, not their
 * name or declared type), and the limits that keep a turn's prompt sendable. Pure.
 *
 * Why these limits: ACP sends the whole prompt as one JSON-RPC line, and base64 adds a third,
 * so 4 images of at most 5 MB each (10 MB in all) keep that line under about 14 MB; larger
 * screenshots are rare (a 4K PNG screenshot is 2–4 MB), and the models downscale anything
 * bigger anyway. Hand-written (a few magic numbers): no library is needed to tell four formats apart.
 */
import { CliError, describeError } from '../../cli/errors';
import type { ImageAttachment } from '../../turn/chatBackend';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_IMAGES_PER_TURN = 4;
export const MAX_TURN_IMAGE_BYTES = 10 * 1024 * 1024;

export type ImageMime = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp';

/** Something binary the user attached (a pasted image, an image file, a vscode.lm data part). */
export interface BinaryAttachment {
  /** How the user knows it: a file name, or "pasted image". */
  label: string;
  /** The type the attachment claims (VS Code's, or the caller's); the bytes decide. */
  declaredMime?: string;
  /** The bytes; empty when the file is over the size limit and was not read (then `size` says how large it is). */
  bytes: Uint8Array;
  size?: number;
}

/** The image format of `bytes` by its magic number, or undefined for anything else. */
export function sniffImage(bytes: Uint8Array): ImageMime | undefined {
  const at = (i: number, ...want: number[]) => want.every((b, k) => bytes[i + k] === b);
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (bytes[4] === 0x37 || bytes[4] === 0x39) && bytes[5] === 0x61) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return undefined;
}

/**
 * Whether the next image file (`size` bytes) may be read, given what the turn read so far: within the
 * per-image limit, and the count and total still under theirs. One that may not is named unread, and
 * {@link prepareImages} refuses the turn for it.
 */
export function imageReadAllowed(read: { count: number; bytes: number }, size: number): boolean {
  return size <= MAX_IMAGE_BYTES && read.count < MAX_IMAGES_PER_TURN && read.bytes + size <= MAX_TURN_IMAGE_BYTES;
}

export interface PreparedImages {
  images: ImageAttachment[];
  /** Attachments that are not an image the agent reads: named to the agent and to the user, never sent. */
  notSent: { label: string; mimeType: string }[];
}

const mb = (n: number) => `${(n / (1024 * 1024)).toFixed(1)} MB`;

/**
 * The turn's images, base64-encoded, in order.
 * @throws CliError (`imageTooLarge`) naming the first image over a limit: nothing is sent half.
 */
export function prepareImages(attachments: readonly BinaryAttachment[]): PreparedImages {
  const images: ImageAttachment[] = [];
  const notSent: PreparedImages['notSent'] = [];
  let total = 0;
  for (const a of attachments) {
    const size = a.size ?? a.bytes.byteLength;
    const mimeType = sniffImage(a.bytes);
    const unread = a.bytes.byteLength === 0 && size > 0 && (a.declaredMime ?? '').startsWith('image/');
    if (!mimeType && !unread) {
      notSent.push({ label: a.label, mimeType: a.declaredMime || 'unknown type' });
      continue;
    }
    if (size > MAX_IMAGE_BYTES) {
      throw new CliError(describeError('imageTooLarge', { detail: `\`${a.label}\` is ${mb(size)}; the limit is ${mb(MAX_IMAGE_BYTES)} per image` }));
    }
    total += size;
    if (images.length + 1 > MAX_IMAGES_PER_TURN) {
      const detail = `\`${a.label}\` is image ${images.length + 1}; the limit is ${MAX_IMAGES_PER_TURN} images per question`;
      throw new CliError(describeError('imageTooLarge', { detail }));
    }
    if (total > MAX_TURN_IMAGE_BYTES) {
      const detail = `with \`${a.label}\` the images add up to ${mb(total)}; the limit is ${mb(MAX_TURN_IMAGE_BYTES)} per question`;
      throw new CliError(describeError('imageTooLarge', { detail }));
    }
    // Left unread for a count or total the checks above reach (imageReadAllowed): never sent unseen.
    if (!mimeType) throw new CliError(describeError('imageTooLarge', { detail: `\`${a.label}\` is over the images' limits` }));
    images.push({ mimeType, data: Buffer.from(a.bytes.buffer, a.bytes.byteOffset, a.bytes.byteLength).toString('base64'), label: a.label });
  }
  return { images, notSent };
}

/** What the agent reads about attachments it does not get, so it can say it could not see them. */
export function notSentNote(notSent: PreparedImages['notSent']): string {
  return notSent.map((n) => `(attached by the user, not sent: \`${n.label}\` (${n.mimeType}) is not a PNG, JPEG, GIF or WebP image)`).join('\n');
}

/** A history turn that carried images, as a fresh chat's prompt folds it in: the images themselves are not resent. */
export function withImagesNote(text: string, images: number): string {
  if (images === 0) return text;
  return `${text}\n\n(${images === 1 ? 'an image was' : `${images} images were`} attached here; earlier images are not included)`;
}
