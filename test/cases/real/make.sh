#!/usr/bin/env bash
# Rebuilds the real-world golden files in test/cases/real from sources outside pixie (README.md here
# names each source and its licence). Not run by the tests: the files it writes are committed.
# Needs Debian's camlidl-doc (downloaded, not installed), sound-theme-freedesktop, espeak-ng, sox,
# imagemagick, librsvg2-bin, ghostscript, qpdf, poppler-utils, python3-reportlab, enscript,
# texlive-lang-japanese, fonts-ipafont-mincho, fonts-ipafont-gothic, and a
# checkout of pixelmatch's repository (its test/fixtures) in PIXELMATCH_FIXTURES.
set -euo pipefail
cd "$(dirname "$0")"
: "${PIXELMATCH_FIXTURES:?set PIXELMATCH_FIXTURES to the test/fixtures folder of pixelmatch}"
IM=/usr/bin/convert
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

## PDFs
cd pdf
rm -f ./*.pdf
# pages 1-3 of the camlidl manual (Debian camlidl-doc, pdfTeX, LGPL-2+)
apt-get download camlidl-doc >/dev/null 2>&1 || true
dpkg-deb --fsys-tarfile camlidl-doc_*.deb | tar -xO ./usr/share/doc/camlidl/camlidl-1.04.doc.pdf > "$work/camlidl-full.pdf"
rm -f camlidl-doc_*.deb
qpdf --empty --pages "$work/camlidl-full.pdf" 1-3 -- camlidl.pdf
# benign: resaved by qpdf (object streams, recompressed) and by ghostscript's pdfwrite
qpdf --object-streams=generate --recompress-flate --compression-level=9 camlidl.pdf camlidl-qpdf.pdf
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=camlidl-gs.pdf camlidl.pdf
# real: one word changed in the page's content stream ("tedious" → "tiresome" on page 1)
qpdf --qdf --object-streams=disable camlidl.pdf "$work/qdf.pdf"
sed 's/(tedious)/(tiresome)/' "$work/qdf.pdf" > "$work/qdf-word.pdf"
fix-qdf "$work/qdf-word.pdf" > "$work/fixed.pdf"
qpdf "$work/fixed.pdf" camlidl-word.pdf
# metadata only: a title set by ghostscript (pdfmark), same text
printf '[ /Title (Camlidl manual, pages 1-3) /DOCINFO pdfmark\n' > "$work/title.ps"
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=camlidl-title.pdf camlidl.pdf "$work/title.ps"
# forms, two-column pages and a logo drawn by ReportLab (BSD)
/usr/bin/python3 ../make-pdfs.py
qpdf --object-streams=generate form-alice.pdf form-alice-qpdf.pdf
# vertical Japanese with an annotation and its Popup (upLaTeX and dvipdfmx from texlive-lang-japanese,
# the IPA fonts from fonts-ipafont-mincho and fonts-ipafont-gothic): the page, one word changed
# (書生 → 学生, the first time), the annotation's text changed; resaved by qpdf and by ghostscript
# (which draws each glyph with the ' operator and keeps the Popup without its parent's text)
vertical() {
  sed "$1" ../vertical.tex > "$work/v.tex"
  (cd "$work" && uplatex -interaction=batchmode v.tex >/dev/null && OSFONTDIR=/usr/share/fonts// dvipdfmx -q -f uptex-ipa.map v.dvi)
  cp "$work/v.pdf" "$2"
}
vertical '' vertical.pdf
vertical 's/それは書生/それは学生/' vertical-word.pdf
vertical 's/the 1905 edition/the 1906 edition/' vertical-note.pdf
qpdf --object-streams=generate --recompress-flate vertical.pdf vertical-qpdf.pdf
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=vertical-gs.pdf vertical.pdf
# a real vertical page: pxrubrica's sample test-jlreq.pdf (Debian texlive-lang-japanese, dvipdfmx 2011,
# Ryumin not embedded), resaved by qpdf and by ghostscript
cp /usr/share/doc/texlive-doc/platex/pxrubrica/sample/test-jlreq.pdf ruby.pdf
qpdf --object-streams=generate --recompress-flate ruby.pdf ruby-qpdf.pdf
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=pdfwrite -sOutputFile=ruby-gs.pdf ruby.pdf
cd ..

## images
cd image
rm -f ./*.png ./*.jpg
# pixelmatch's fixtures, as they are (ISC)
for f in 1a 1b 3a 3b 5a 5b 6a 6b 7a 7b 8a; do cp "$PIXELMATCH_FIXTURES/$f.png" "pm-$f.png"; done
# a chart drawn as SVG, rendered by librsvg, and again with the drawing moved by a fraction of a pixel
cat > "$work/chart.svg" <<'SVG'
<svg xmlns="http://www.w3.org/2000/svg" width="240" height="160" viewBox="0 0 240 160">
  <rect width="240" height="160" fill="#fff"/>
  <g stroke="#334" stroke-width="1.5" fill="none"><path d="M20 140 H230 M20 140 V10"/></g>
  <path d="M20 120 C60 20, 100 140, 140 60 S 200 30, 230 40" stroke="#d33" stroke-width="3" fill="none"/>
  <circle cx="140" cy="60" r="6" fill="#36c"/>
  <g transform="rotate(-20 120 80)"><rect x="90" y="70" width="60" height="20" rx="6" fill="#2a2" opacity="0.8"/></g>
</svg>
SVG
rsvg-convert "$work/chart.svg" -o chart-rsvg.png
sed 's/viewBox="0 0 240 160"/viewBox="-0.3 -0.2 240 160"/' "$work/chart.svg" > "$work/chart-sub.svg"
rsvg-convert -b white "$work/chart-sub.svg" -o chart-rsvg-subpixel.png
# the same pixels re-encoded: 16-bit PNG by ImageMagick, and an 8-bit palette PNG
$IM chart-rsvg.png -depth 16 chart-rsvg-16bit.png
$IM chart-rsvg.png -colors 256 -define png:format=png8 chart-rsvg-palette.png
# a label changed, a label moved by 2 px (ImageMagick text on the same chart)
label() { $IM chart-rsvg.png -font DejaVu-Sans -pointsize 13 -fill '#112' -annotate "+$1+$2" "$3" "$4"; }
label 150 30 'Sales 2024' chart-label-a.png
label 150 30 'Sales 2025' chart-label-b.png
label 152 30 'Sales 2024' chart-label-moved.png
# the same label drawn without anti-aliasing
$IM chart-rsvg.png +antialias -font DejaVu-Sans -pointsize 13 -fill '#112' -annotate +150+30 'Sales 2024' chart-label-aliased.png
# a price with and without its decimal point (DejaVu Sans Mono at 13 px: the point is one whole pixel)
price() { $IM -size 120x24 xc:white -font DejaVu-Sans-Mono -pointsize 13 -fill black -annotate +4+17 "$1" "$2"; }
price 'Total 1.50' price-dot.png
price 'Total 1 50' price-no-dot.png
# a page of the camlidl manual rendered by ghostscript and by poppler (different rasterisers)
gs -q -dSAFER -dBATCH -dNOPAUSE -sDEVICE=png16m -r60 -dFirstPage=1 -dLastPage=1 -dTextAlphaBits=4 -dGraphicsAlphaBits=4 \
  -sOutputFile="$work/gs.png" ../pdf/camlidl.pdf
pdftoppm -r 60 -f 1 -l 1 -png ../pdf/camlidl.pdf "$work/pp"
$IM "$work/gs.png" -crop 496x200+0+40 +repage page-gs.png
$IM "$work"/pp-*1.png -crop 496x200+0+40 +repage page-poppler.png
$IM page-gs.png -quality 90 page-gs-q90.jpg
cd ..

## audio
cd audio
rm -f ./*.wav
# speech by espeak-ng (GPL-3+ program; the phrases are pixie's), at espeak's own 22050 Hz
say() { espeak-ng -v en-us -s "$1" -w "$work/say.wav" "$2" && sox "$work/say.wav" -b 16 "$3"; }
say 160 'Your order has shipped and will arrive on Tuesday.' speech.wav
say 160 'Your order has shipped and will arrive on Thursday.' speech-thursday.wav
say 130 'Your order has shipped and will arrive on Tuesday.' speech-slower.wav
# benign: resampled to 16 kHz, an 8-bit copy, 100 ms more leading silence
sox speech.wav -r 16000 speech-16k.wav
sox speech.wav -b 8 speech-8bit.wav
sox speech.wav speech-lead100.wav pad 0.1 0
# real: 3 dB louder
sox speech.wav speech-plus3db.wav gain 3
# freedesktop sounds (Richard Boulanger et al, CC-BY-3.0): complete and trash-empty, mono 16 kHz
snd=/usr/share/sounds/freedesktop/stereo
sox "$snd/complete.oga" -r 16000 -c 1 -b 16 complete.wav
sox "$snd/trash-empty.oga" -r 16000 -c 1 -b 16 trash-empty.wav
# benign: rendered at 44.1 kHz stereo 24-bit, and with 150 ms of leading silence
sox "$snd/complete.oga" -r 44100 -c 2 -b 24 complete-44k-stereo.wav
sox complete.wav complete-lead150.wav pad 0.15 0
cd ..
