# One figure of a value against x, a line per series, each point with its 95% interval as a whisker.
# Data: datafile, one block per series (blocks separated by two blank lines), columns x, value, low, high.
# Variables: title_text, caption, datafile, nseries, names, colors, points, dashes, widths (space-separated, one
# word per series), xlabel_text, ylabel_text, xsetup (commands for the x axis: scale, range, tics), ymin, ymax,
# ytics_cmd (the y tics), note (a line under the plot, may be empty).
load dir . "common.gp"
eval xsetup
set bmargin 4.2
set xlabel xlabel_text
set ylabel ylabel_text
set logscale y 10
set yrange [ymin:ymax]
eval ytics_cmd
set label 101 note at screen 0.01, 0.015 left font ",8" textcolor rgb "#707070"
plot for [i=1:nseries] datafile index (i - 1) using 1:2:3:4 with yerrorlines \
    lc rgb word(colors, i) dt int(word(dashes, i)) pt int(word(points, i)) lw real(word(widths, i)) ps 0.8 \
    title word(names, i)
