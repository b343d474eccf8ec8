# A heatmap, a panel per size: a row per workload, a column per design, each cell coloured by the design's time
# against the row's fastest (log scale) and labelled with that ratio and the decision rule's mark against the
# fastest.
# Data: datafile, one block per panel, columns x (design), y (workload), log2 of the ratio (capped at cbmax).
# Variables: title_text, caption, datafile, npanels, panel_title_P and marks_cmd_P for each panel P (its title;
# the labels of its cells, set after unsetting the previous panel's), ncols, nrows, xtics_cmd, ytics_cmd, cbmax,
# cbtics_cmd, note, marks_note, lmargin_chars, bmargin_lines.
load dir . "common.gp"
unset grid
unset key
set border 0
set tics scale 0
set xrange [-0.5:ncols - 0.5]
set yrange [nrows - 0.5:-0.5]
eval xtics_cmd
eval ytics_cmd
set cbrange [0:cbmax]
eval cbtics_cmd
set cblabel "time / the row's fastest (log scale)"
# cividis-like: dark blue to yellow, ordered in lightness, readable in every common colour-vision deficiency.
set palette defined (0 "#fde725", 0.25 "#b5de2b", 0.5 "#35b779", 0.75 "#31688e", 1 "#2c115f")
set lmargin lmargin_chars
set bmargin bmargin_lines
set label 101 note at screen 0.01, 0.015 left font ",8" textcolor rgb "#707070"
set label 105 marks_note at screen 0.995, 0.045 right font ",8" textcolor rgb "#505050"
if (npanels > 1) { set multiplot layout 1, npanels }
do for [p=1:npanels] {
    set title (p == 1 ? title_text . "\n" : "\n") . value(sprintf("panel_title_%d", p)) font ",11"
    eval value(sprintf("marks_cmd_%d", p))
    plot datafile index (p - 1) using 1:2:3 with image notitle
}
if (npanels > 1) { unset multiplot }
