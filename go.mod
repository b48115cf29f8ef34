module fieldkit

go 1.24.0

require (
	github.com/chromedp/cdproto v0.0.0-20250724212937-08a3db8b4327
	github.com/chromedp/chromedp v0.14.2
	github.com/jung-kurt/gofpdf v1.16.2
	github.com/otiai10/gosseract/v2 v2.4.1
	github.com/rogpeppe/go-internal v1.14.1
	github.com/skip2/go-qrcode v0.0.0-20200617195104-da1b6568686e
	gocv.io/x/gocv v0.31.0
	golang.org/x/image v0.28.0
	golang.org/x/net v0.43.0
	golang.org/x/sys v0.36.0
	golang.org/x/text v0.28.0
	modernc.org/sqlite v1.40.0
)

require (
	github.com/chromedp/sysutil v1.1.0 // indirect
	github.com/dustin/go-humanize v1.0.1 // indirect
	github.com/go-json-experiment/json v0.0.0-20250725192818-e39067aee2d2 // indirect
	github.com/gobwas/httphead v0.1.0 // indirect
	github.com/gobwas/pool v0.2.1 // indirect
	github.com/gobwas/ws v1.4.0 // indirect
	github.com/google/uuid v1.6.0 // indirect
	github.com/mattn/go-isatty v0.0.20 // indirect
	github.com/ncruces/go-strftime v0.1.9 // indirect
	github.com/remyoudompheng/bigfft v0.0.0-20230129092748-24d4a6f8daec // indirect
	golang.org/x/exp v0.0.0-20250620022241-b7579e27df2b // indirect
	golang.org/x/tools v0.36.0 // indirect
	modernc.org/libc v1.66.10 // indirect
	modernc.org/mathutil v1.7.1 // indirect
	modernc.org/memory v1.11.0 // indirect
)
