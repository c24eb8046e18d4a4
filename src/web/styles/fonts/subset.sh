#!/bin/sh
# Regenerates the web fonts of this folder from the @fontsource-variable packages (issue 15, decision
# 033): the Latin files of Newsreader (upright, italic) and Inter, the weight axis cut to the
# 400–700 the styles use (the italic: 400 only), the optical-size axis left out, only the characters
# below, no hinting.
# Needs fontTools with brotli (Debian: apt-get install python3-fonttools python3-brotli).
# Run from the repository root: sh src/web/styles/fonts/subset.sh
set -eu
PY=${PYTHON:-/usr/bin/python3}
SRC=node_modules/@fontsource-variable
OUT=src/web/styles/fonts
# Keep in step with the unicode-range of fonts.css.
UNICODES='U+0020-007E,U+00A0-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+20AC,U+2122,U+2190-2193,U+2212,U+2215'
FEATURES='kern,liga,calt,ccmp,locl,mark,mkmk'
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# Italic is only ever set at 400 (the tagline, pull quotes, author notes): one static instance,
# about half the variable file's bytes; a bolder italic would be synthesised.
for entry in newsreader/files/newsreader-latin-wght-normal:400:700 newsreader/files/newsreader-latin-wght-italic:400 \
  inter/files/inter-latin-wght-normal:400:700; do
  font=${entry%%:*}
  weights=${entry#*:}
  name=$(basename "$font" | sed 's/-latin-wght//')
  "$PY" -m fontTools.varLib.instancer "$SRC/$font.woff2" wght="$weights" -q -o "$tmp/$name.ttf"
  "$PY" -m fontTools.subset "$tmp/$name.ttf" --unicodes="$UNICODES" --layout-features="$FEATURES" \
    --no-hinting --flavor=woff2 --output-file="$OUT/$name.woff2"
done
ls -l "$OUT"/*.woff2
