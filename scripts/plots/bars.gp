# Clusters of bars from zero, for exact figures (bytes per entity): no interval to draw.
# Data: datafile, one block per series, columns x, value.
# Variables: title_text, caption, datafile, nseries, names, colors, ylabel_text, lmargin_chars, xmin, xmax, xtics_cmd,
# bmargin_lines, ymax, bands_cmd, marks_cmd (labels: "n/m" in the slot of a cell not measured, so no bar
# there reads as zero; "0" on a bar of zero, which has no height),
# note, marks_note (what the marks mean, above the caption).
load dir . "common.gp"
set lmargin lmargin_chars
set xrange [xmin:xmax]
eval xtics_cmd
set bmargin bmargin_lines
set ylabel ylabel_text
set yrange [0:ymax]
eval bands_cmd
eval marks_cmd
set boxwidth 0.86 absolute
set style fill solid 1 noborder
set label 101 note at screen 0.01, 0.015 left font ",8" textcolor rgb "#707070"
set label 105 marks_note at screen 0.995, 0.045 right font ",8" textcolor rgb "#505050"
plot for [i=1:nseries] datafile index (i - 1) using 1:2 with boxes lc rgb word(colors, i) title word(names, i)
