package keycards_test

import (
	"fmt"
	"os"

	"fieldkit/keycards"
)

func ExampleNewDuet() {
	d := keycards.NewDuet(keycards.SeededSource("picnic"))
	fmt.Println(d.Code())
	a, b := d.At(0) // the table cell at seat A's top left
	fmt.Println(a, b)
	// Output:
	// D35X6-285KS-6FQU
	// bystander bystander
}

func ExampleParse() {
	c, err := keycards.Parse("c39gz wyhph")
	if err != nil {
		fmt.Println(err)
		return
	}
	k := c.(keycards.ClassicCard)
	fmt.Println(k.Code(), k.Start, "starts")
	_, err = keycards.Parse("C39GZ-WYHPJ")
	fmt.Println(err)
	// Output:
	// C39GZ-WYHPH red starts
	// code does not check out: "C39GZ-WYHPJ" has a wrong character or two swapped characters
}

func ExampleRender() {
	d, _ := keycards.ParseDuet("D2685-WMWJA-6SU8")
	keycards.Render(os.Stdout, d, keycards.SideB, false)
	// Output:
	// D2685-WMWJA-6SU8  Duet, side B (as seen from seat B)
	// A . A . .
	// A A X . .
	// . . . X A
	// A . . A A
	// X . . . A
	// A agent (9)  X assassin (3)  . bystander (13)
}
