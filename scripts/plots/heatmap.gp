# A heatmap, a panel per size: a row per workload, a column per design, each cell coloured by the design's time
# against the row's fastest (log scale) and labelled with that ratio and the decision rule's mark against the
# fastest. Where everything goes is computed beforehand (plot_heatmap.py's heatmap_layout, from the lengths of the
# texts): every panel's margins and colour box, and the title, the panels' titles and the footer as labels.
# Data: datafile, one block per panel, columns x (design), y (workload), log2 of the ratio (capped at cbmax).
# Variables: datafile, npanels, frame_cmd_P and marks_cmd_P for each panel P (its margins and colour box; the
# labels of its cells, set after unsetting the previous panel's), text_cmd (the lines of text, labels text_first
# to text_last, drawn with the first panel), ncols, nrows, xtics_cmd, ytics_cmd, cbmax, cbtics_cmd.
load dir . "common.gp"
unset title
unset label 100
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
set cblabel "time / the row's fastest (log scale)" offset 1,0
# cividis-like: dark blue to yellow, ordered in lightness, readable in every common colour-vision deficiency.
set palette defined (0 "#fde725", 0.25 "#b5de2b", 0.5 "#35b779", 0.75 "#31688e", 1 "#2c115f")
eval text_cmd
set multiplot
do for [p=1:npanels] {
    eval value(sprintf("frame_cmd_%d", p))
    eval value(sprintf("marks_cmd_%d", p))
    plot datafile index (p - 1) using 1:2:3 with image notitle
    unset for [t=text_first:text_last] label t
}
unset multiplot
