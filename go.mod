module fieldkit

go 1.25

require (
	github.com/rogpeppe/go-internal v1.16.0 // indirect
	gocv.io/x/gocv v0.31.0 // indirect
	golang.org/x/sys v0.40.0 // indirect
	golang.org/x/text v0.34.0
	golang.org/x/tools v0.41.0 // indirect
)
