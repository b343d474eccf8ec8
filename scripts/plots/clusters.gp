# Clusters of points with whiskers: one cluster per scenario, in it one point per series (strategy), each with
# its 95% interval. Clusters are told apart by faint bands.
# Data: datafile, one block per series, columns x, value, low, high.
# Variables: title_text, caption, datafile, nseries, names, colors, points, ylabel_text, lmargin_chars, xmin,
# xmax, xtics_cmd (labels at the clusters' centres), bmargin_lines, logy (1: log scale), ymin, ymax, ytics_cmd,
# reference (1: a dashed line at y = 1, the reference the values are relative to), bands_cmd (the bands'
# objects), marks_cmd (labels: "n/m" in the slot of a cell not measured, "0" beside a zero, and on a log
# axis the break above the floor zeros sit on),
# note, marks_note (what the marks mean, above the caption).
load dir . "common.gp"
set lmargin lmargin_chars
set xrange [xmin:xmax]
eval xtics_cmd
set bmargin bmargin_lines
set ylabel ylabel_text
if (logy) { set logscale y 10 } else { unset logscale y }
set yrange [ymin:ymax]
eval ytics_cmd
if (reference) { set arrow 1 from graph 0, first 1 to graph 1, first 1 nohead front dt 2 lw 1 lc rgb "#404040" }
eval bands_cmd
eval marks_cmd
set label 101 note at screen 0.01, 0.015 left font ",8" textcolor rgb "#707070"
set label 105 marks_note at screen 0.995, 0.045 right font ",8" textcolor rgb "#505050"
plot for [i=1:nseries] datafile index (i - 1) using 1:2:3:4 with yerrorbars \
    lc rgb word(colors, i) pt int(word(points, i)) lw 1.4 ps 0.9 title word(names, i)
