# A framed scenario's frames: a panel per design family on a grid, in each a line per design (and raw's, the noise
# floor) of its typical frame against the frame, and a point on the line at every frame that retired memory (an old
# block reallocated or freed: where growth copied). Every panel on the same y range, so the panels compare.
# Data: datafile, two blocks per series (blocks separated by two blank lines): the curve (frame, value), then the
# frames that retired memory (frame, value). The series are listed panel by panel.
# Variables: title_text, caption, datafile, names, colors, points, dashes (a word per series), npanels, ncols,
# nrows, panel_titles, panel_first (the first series of each panel, from 1), panel_count (its series),
# xlabel_text, ylabel_text, xmax, ymin, ymax, ytics_cmd, note, px (a pixel's height in screen units).
load dir . "common.gp"
unset title
set label 102 title_text at screen 0.5, 1 - 18 * px center font ",11"
set label 101 note at screen 0.01, 0.015 left font ",8" textcolor rgb "#707070"
set label 103 xlabel_text at screen 0.5, 42 * px center
left = 0.04
right = 0.99
top = 1 - 45 * px
bottom = 85 * px
w = (right - left) / ncols
h = (top - bottom) / nrows
set multiplot
# Not opaque: a design whose frames cost the most runs through the top left, where the key is.
set key inside left top vertical Left reverse samplen 2 spacing 1 font ",8" noopaque
set xrange [0:xmax]
set logscale y 10
set yrange [ymin:ymax]
eval ytics_cmd
do for [p=1:npanels] {
    col = (p - 1) % ncols
    row = (p - 1) / ncols
    set lmargin at screen left + col * w + 0.035
    set rmargin at screen left + (col + 1) * w - 0.005
    set tmargin at screen top - row * h - 22 * px
    set bmargin at screen top - (row + 1) * h + 40 * px
    set title word(panel_titles, p) font ",10"
    if (col == 0) { set ylabel ylabel_text } else { unset ylabel }
    first = int(word(panel_first, p))
    last = first + int(word(panel_count, p)) - 1
    plot for [i=first:last] datafile index (2 * (i - 1)) using 1:2 with lines \
            lc rgb word(colors, i) dt int(word(dashes, i)) lw 1.2 title word(names, i), \
         for [i=first:last] datafile index (2 * (i - 1) + 1) using 1:2 with points \
            lc rgb word(colors, i) pt 6 ps 0.9 notitle
    unset label 101
    unset label 102
    unset label 103
    unset label 100
}
unset multiplot
