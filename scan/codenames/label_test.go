package codenames_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"path/filepath"
	"testing"

	"fieldkit/catalog"
	"fieldkit/scan"
	"fieldkit/scan/codenames"

	"gocv.io/x/gocv"
)

var labelsPNG = flag.String("labels", "", "write TestAnnotateLabelsInLanguage's Polish picture to this PNG file, to look at")

// TestAnnotateLabelsInLanguage: a refused image's annotation says why in
// the language asked for, wrapped to the image's width, with the Polish
// letters drawn (the picture is written to a PNG to look at).
func TestAnnotateLabelsInLanguage(t *testing.T) {
	obs := (&codenames.Scanner{}).ReadMarkers(nil, nil)
	if obs.OK || obs.Why.ID != "cn.scan.few_cards" {
		t.Fatalf("ReadMarkers(none) = %v %q %v, want refused with cn.scan.few_cards", obs.OK, obs.Reason, obs.Why)
	}
	if got, want := scan.NotRead("pl", obs.Why, obs.Reason), "nie odczytano: widać tylko 0 kart, a potrzeba co najmniej 8 z 25 kart siatki"; got != want {
		t.Errorf("NotRead(pl) = %q, want %q", got, want)
	}
	img := gocv.NewMatWithSizeFromScalar(gocv.NewScalar(90, 110, 70, 0), 720, 1280, gocv.MatTypeCV8UC3)
	defer img.Close()
	draw := func(o codenames.Observation, lang, save string) []byte {
		out, err := codenames.Annotate(img, &o, nil, lang)
		if err != nil {
			t.Fatalf("Annotate(%s): %v", lang, err)
		}
		defer out.Close()
		if save != "" && !gocv.IMWrite(save, out) {
			t.Errorf("could not write %s", save)
		}
		return out.ToBytes()
	}
	save := filepath.Join(t.TempDir(), "labels-pl.png")
	if *labelsPNG != "" {
		save = *labelsPNG
	}
	pl := draw(obs, "pl", save)
	if bytes.Equal(pl, draw(obs, "en", "")) {
		t.Error("the Polish annotation is the English one")
	}
	noWhy := obs
	noWhy.Why.ID = ""
	if bytes.Equal(pl, draw(noWhy, "pl", "")) {
		t.Error("without its message the annotation is the same: the reason is not drawn from the catalog")
	}
	// A long reason, wrapped: every line within the image.
	long := codenames.Observation{Refusal: codenames.PartGrid, Reason: "the grid's last row shows few cards",
		Why: catalog.M("cn.scan.spare_line", "line", catalog.M("cn.scan.line.last_row"))}
	draw(long, "pl", filepath.Join(filepath.Dir(save), "long-"+filepath.Base(save)))
	const px, margin = 16, 13 // the reason's size and margin at 1280 pixels
	lines, err := scan.Wrap(scan.NotRead("pl", long.Why, long.Reason), px, 1, 1280-2*margin)
	if err != nil || len(lines) < 2 {
		t.Errorf("Wrap = %q, %v; want two lines or more", lines, err)
	}
	for _, l := range lines {
		if w, _ := scan.TextWidth(l, px, 1); w > 1280-2*margin {
			t.Errorf("line %q is %d pixels wide, more than the image", l, w)
		}
	}
}

// A refused image: the English reason for the logs, the message for the
// players, and the scan JSON's "msg".
func ExampleObservation_why() {
	obs := (&codenames.Scanner{}).ReadMarkers(nil, nil)
	fmt.Println(obs.Refusal, "-", obs.Reason)
	fmt.Println(obs.Why.In("pl"))
	fmt.Println(obs.Why.In("cs"))
	b, _ := json.Marshal(obs.Reading().Msg)
	fmt.Println(string(b))
	// Output:
	// too-few-cards - only 0 cards seen, need at least 8 of the grid's 25
	// widać tylko 0 kart, a potrzeba co najmniej 8 z 25 kart siatki
	// je vidět jen 0 karet; je potřeba aspoň 8 z 25 karet mřížky
	// {"id":"cn.scan.few_cards","args":{"n":0,"need":8}}
}
