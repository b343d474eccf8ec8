# A sweep drawn once per N: a panel per N on a grid, in each a line per series against x, every point with its
# 95% interval as a whisker; every panel on the same y range, so the panels compare. The x axis is a log axis
# drawn as log10(x) on a linear one, so x = 0 can sit left of a break (a dotted line and a gap in each line).
# Data: datafile, a block per panel and series, panel-major (blocks separated by two blank lines), columns x,
# value, low, high; a single blank line breaks a series' line.
# Variables: title_text, caption, datafile, nseries, names, colors, points, dashes, npanels, ncols, nrows,
# panel_ns and panel_pow (a word per panel: N, and 2^k or "-"), xlabel_text, ylabel_text, xmin, xmax, xtics_cmd,
# break_x (0: no break), ymin, ymax, ytics_cmd, note, px (a pixel's height in screen units: the margins are
# in pixels, whatever the number of rows).
load dir . "common.gp"
unset title
set label 102 title_text at screen 0.5, 1 - 18 * px center font ",11"
set label 101 note at screen 0.01, 0.015 left font ",8" textcolor rgb "#707070"
set label 103 xlabel_text at screen 0.46, 42 * px center
left = 0.07
right = 0.85
top = 1 - 45 * px
bottom = 85 * px
w = (right - left) / ncols
h = (top - bottom) / nrows
set multiplot
set key at screen 0.995, top right top
set xrange [xmin:xmax]
eval xtics_cmd
set logscale y 10
set yrange [ymin:ymax]
eval ytics_cmd
if (break_x != 0) { \
    set arrow 1 from first break_x, graph 0 to first break_x, graph 1 nohead dt 3 lw 1 lc rgb "#9a9a9a" back; \
    set label 104 "//" at first break_x, graph 0 center front font ",9" textcolor rgb "#606060" }
do for [p=1:npanels] {
    col = (p - 1) % ncols
    row = (p - 1) / ncols
    set lmargin at screen left + col * w + 0.035
    set rmargin at screen left + (col + 1) * w - 0.005
    set tmargin at screen top - row * h - 22 * px
    set bmargin at screen top - (row + 1) * h + 45 * px
    if (word(panel_pow, p) eq "-") { set title sprintf("N = %s", word(panel_ns, p)) font ",10" } \
    else { set title sprintf("N = %s (%s)", word(panel_ns, p), word(panel_pow, p)) font ",10" }
    if (col == 0) { set ylabel ylabel_text } else { unset ylabel }
    if (p == 1) {
        plot for [i=1:nseries] datafile index ((p - 1) * nseries + i - 1) using 1:2:3:4 with yerrorlines \
            lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.4 ps 0.7 title word(names, i)
    } else {
        plot for [i=1:nseries] datafile index ((p - 1) * nseries + i - 1) using 1:2:3:4 with yerrorlines \
            lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw 1.4 ps 0.7 notitle
    }
    unset label 101
    unset label 102
    unset label 103
    unset label 100
}
unset multiplot
