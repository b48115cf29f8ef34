package catalog_test

import (
	"fmt"

	"fieldkit/catalog"
)

func ExampleForm() {
	for _, n := range []int{1, 2, 5, 22} {
		fmt.Println(n, catalog.Form("pl", n), catalog.Form("cs", n), catalog.Form("pt", n))
	}
	// Output:
	// 1 one one one
	// 2 few few other
	// 5 many other other
	// 22 few other other
}

func ExamplePseudoText() {
	fmt.Println(catalog.PseudoText("Seat {seat} joined"))
	// Output:
	// ⟦Śěát {seat} jôïñěd ~~~~⟧
}
