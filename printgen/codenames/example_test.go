package codenames_test

import (
	"fmt"

	"fieldkit/deck"

	"fieldkit/keycards"
	"fieldkit/printgen"
	"fieldkit/printgen/codenames"
)

// Each side of a Duet key card carries a QR code with that side's code only;
// with a server address it becomes a link a phone's camera opens.
func ExampleSideQR() {
	d := keycards.NewDuet(keycards.SeededSource("picnic"))
	a := d.SideCode(keycards.SideA)
	fmt.Println(codenames.SideQR(a, "") == a)
	fmt.Println(codenames.SideQR("A2AQF-SP5Y", "http://192.168.1.20:8080/"))
	// Output:
	// true
	// http://192.168.1.20:8080/k/A2AQF-SP5Y
}

// A word card's front face drawn as an image, the way --png exports it:
// here a word card at 300 dpi with 3 mm bleed on every side.
func ExampleWordCards() {
	words := make([]string, 25)
	for i := range words {
		words[i] = fmt.Sprintf("WORD%d", i)
	}
	d, err := deck.New("demo", "", words, 1)
	if err != nil {
		panic(err)
	}
	face := codenames.WordCards(d)[0].Front
	img, err := printgen.RenderFace(face, 300, printgen.Bleed, false)
	if err != nil {
		panic(err)
	}
	fmt.Println(face.Name, face.Markers, img.Bounds().Dx(), "x", img.Bounds().Dy())
	// Output:
	// word-001-front [0] 898 x 602
}
