# Simulated cache misses: two panels on one x axis, D1 misses per unit above, last-level misses below; a point
# per strategy and scenario, the median over the simulated layouts, its whisker their range.
# Data: datafile, blocks 0 .. nseries-1 the D1 values, nseries .. 2 nseries-1 the LL values; columns x, value,
# low, high.
# Variables: title_text, caption, datafile, nseries, names, colors, points, xmin, xmax, xtics_cmd (labelled
# tics), xtics_top (the same tics unlabelled, for the upper panel), bottom (the lower panel's bottom, screen
# units), logy1, ymin1, ymax1, ytics1, marks1, logy2, ymin2, ymax2, ytics2, marks2 (each panel's labels: "n/m"
# in the slot of a cell not simulated, "0" beside a zero; marks2 first unsets marks1's), bands_cmd,
# note, marks_note (what the marks mean, above the caption).
load dir . "common.gp"
unset label 100
mid = bottom + (0.91 - bottom) / 2
set multiplot
set lmargin at screen 0.1
set rmargin at screen 0.83
set tmargin at screen 0.91
set bmargin at screen mid + 0.03
set key at screen 0.995, 0.91 right top
set xrange [xmin:xmax]
eval bands_cmd
eval xtics_top
set ylabel "D1 misses per unit"
if (logy1) { set logscale y 10 } else { unset logscale y }
set yrange [ymin1:ymax1]
eval ytics1
eval marks1
plot for [i=1:nseries] datafile index (i - 1) using 1:2:3:4 with yerrorbars \
    lc rgb word(colors, i) pt int(word(points, i)) lw 1.4 ps 0.9 title word(names, i)
unset title
set key off
set tmargin at screen mid - 0.03
set bmargin at screen bottom
eval xtics_cmd
set label 100 caption at screen 0.995, 0.015 right font ",8" textcolor rgb "#707070"
set label 101 note at screen 0.01, 0.015 left font ",8" textcolor rgb "#707070"
set label 105 marks_note at screen 0.995, 0.045 right font ",8" textcolor rgb "#505050"
set ylabel "LL misses per unit"
if (logy2) { set logscale y 10 } else { unset logscale y }
set yrange [ymin2:ymax2]
eval ytics2
eval marks2
plot for [i=1:nseries] datafile index (nseries + i - 1) using 1:2:3:4 with yerrorbars \
    lc rgb word(colors, i) pt int(word(points, i)) lw 1.4 ps 0.9 notitle
unset multiplot
