#!/usr/bin/env bash
# Regenerates every file in public/media/{img,video} from the SVG templates in scripts/media/art.
# Requires: node (repo node_modules with playwright), /usr/bin/chromium, ffmpeg (libwebp, libvpx-vp9, libx264).
# Usage: scripts/media/make-media.sh [name-filter ...]   e.g. scripts/media/make-media.sh b2b- avatar
set -euo pipefail
cd "$(dirname "$0")/../.."
node scripts/media/render.mjs "$@"
