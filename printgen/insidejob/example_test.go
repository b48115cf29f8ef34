package insidejob_test

import (
	"fmt"

	"fieldkit/printgen"
	"fieldkit/printgen/insidejob"
)

// A set is printed as five PDFs; each face knows its piece, its markers and
// its texts. Here the Polish set: the faces of each file, and the first
// risky mission.
func ExampleSet_Files() {
	set, err := insidejob.New("pl", printgen.Options{Paper: printgen.A4})
	if err != nil {
		panic(err)
	}
	for _, f := range set.Files() {
		faces := 0
		for _, s := range f.Sections {
			faces += len(s.Faces())
		}
		fmt.Printf("%-13s %3d faces  %s\n", f.Name, faces, f.What)
	}
	risky := set.Files()[1].Sections[0].Faces()[2*24]
	fmt.Println(risky.Piece, risky.Kind, risky.Markers, risky.Text()[0])
	// Output:
	// numbers.pdf   104 faces  52 number cards
	// missions.pdf   56 faces  24 missions and 4 risky missions
	// roles.pdf      28 faces  14 role cards
	// tokens.pdf     39 faces  14 intel tokens, 5 seat tokens, Larry
	// aids.pdf        8 faces  4 player aids
	// R1 risky-mission [945] Każda karta ma wartość co najmniej 9.
}
