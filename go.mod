module fieldkit

go 1.24

require gocv.io/x/gocv v0.31.0 // indirect
