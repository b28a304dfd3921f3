#!/usr/bin/env node
// Draws the extension's icons (our own drawing: a chat bubble holding a text caret)
// into media/ as PNGs, with no dependencies. Run: node scripts/make-icons.js
'use strict';
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

function crc32(buf) {
  let c,
    crc = 0xffffffff;
  for (let n = 0; n < buf.length; n++) {
    c = (crc ^ buf[n]) & 0xff;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    crc = (crc >>> 8) ^ c;
  }
  return (crc ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const td = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(td));
  return Buffer.concat([len, td, crc]);
}
function png(size, pixel) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      // 4x supersampling for smooth edges
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const p = pixel((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size);
          r += p[0] * p[3];
          g += p[1] * p[3];
          b += p[2] * p[3];
          a += p[3];
        }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round(a / 16);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
function roundRect(x, y, x0, y0, x1, y1, rad) {
  const cx = Math.min(Math.max(x, x0 + rad), x1 - rad),
    cy = Math.min(Math.max(y, y0 + rad), y1 - rad);
  return (x - cx) ** 2 + (y - cy) ** 2 <= rad * rad && x >= x0 && x <= x1 && y >= y0 && y <= y1;
}
function icon(x, y, withBackground) {
  const bg = withBackground ? [30, 30, 46, 255] : [0, 0, 0, 0];
  if (withBackground && !roundRect(x, y, 0, 0, 1, 1, 0.2)) return [0, 0, 0, 0];
  // bubble
  const inBubble = roundRect(x, y, 0.16, 0.2, 0.84, 0.7, 0.12);
  const inTail = y > 0.66 && y < 0.84 && x > 0.28 && x < 0.46 && x - 0.28 < (0.84 - y) * 1.0;
  if (inBubble || inTail) {
    // caret (a text cursor) and two text lines inside the bubble
    const caret = x > 0.62 && x < 0.68 && y > 0.3 && y < 0.6;
    const line1 = x > 0.27 && x < 0.56 && y > 0.34 && y < 0.4;
    const line2 = x > 0.27 && x < 0.48 && y > 0.5 && y < 0.56;
    if (caret) return [255, 255, 255, 255];
    if (line1 || line2) return [190, 210, 255, 255];
    const t = (x + y) / 2;
    return [Math.round(70 + 60 * t), Math.round(110 + 40 * t), 240, 255];
  }
  return bg;
}
const media = path.join(__dirname, '..', 'media');
fs.mkdirSync(media, { recursive: true });
fs.writeFileSync(
  path.join(media, 'icon.png'),
  png(128, (x, y) => icon(x, y, true)),
);
fs.writeFileSync(
  path.join(media, 'cursor-participant.png'),
  png(64, (x, y) => icon(x, y, false)),
);
console.log('wrote media/icon.png and media/cursor-participant.png');
