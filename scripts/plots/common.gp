# Settings every figure shares (loaded by the other templates). Variables: title_text, caption.
set encoding utf8
set border 3
set tics nomirror out scale 0.6
set grid ytics lc rgb "#e0e0e0" lw 1 dt 1
set key outside right top vertical Left reverse samplen 2.5 spacing 1.1 width 1
set title title_text font ",11"
set label 100 caption at screen 0.995, 0.015 right font ",8" textcolor rgb "#707070"
