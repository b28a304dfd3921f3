#!/usr/bin/env bash
# Last step of `npm run screenshots`: palette-compresses the README's images in media/
# with pngquant (Debian: apt-get install pngquant), so the .vsix stays small. Run once,
# then commit the images. No test needs pngquant: without it the images stay as taken
# (larger, same pixels) and this says so.
set -euo pipefail
cd "$(dirname "$0")/.."
# The README's five (shipped in the .vsix) and docs/backends.md's ACP plan.
images=(media/screenshot-chat.png media/plan-question.png media/plan-buttons.png media/screenshot-model-picker.png media/screenshot-status-bar.png
  media/acp-plan.png)
if ! command -v pngquant >/dev/null; then
  echo "compress-screenshots: pngquant not found: media/ left uncompressed (apt-get install pngquant, then run scripts/compress-screenshots.sh)"
  exit 0
fi
for f in "${images[@]}"; do
  before=$(stat -c %s "$f")
  # 256 colours at most; --skip-if-larger keeps a file pngquant cannot shrink.
  # (Exit 98/99: not smaller, or below the quality floor; the file is left as it was.)
  rc=0
  pngquant --quality=65-95 --speed 1 --strip --skip-if-larger --force --output "$f" -- "$f" || rc=$?
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 98 ] && [ "$rc" -ne 99 ]; then exit "$rc"; fi
  echo "compress-screenshots: $f $before -> $(stat -c %s "$f") bytes"
done
