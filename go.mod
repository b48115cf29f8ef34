module fieldkit

go 1.24

require (
	github.com/jung-kurt/gofpdf v1.16.2
	github.com/rogpeppe/go-internal v1.14.1
	github.com/skip2/go-qrcode v0.0.0-20200617195104-da1b6568686e
	gocv.io/x/gocv v0.31.0
	golang.org/x/image v0.28.0
	golang.org/x/text v0.26.0
)

require (
	golang.org/x/sys v0.33.0 // indirect
	golang.org/x/tools v0.33.0 // indirect
)
