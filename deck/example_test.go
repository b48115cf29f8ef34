package deck_test

import (
	"fmt"

	"fieldkit/deck"
)

func ExampleDeck_Kind() {
	words := make([]string, 30)
	for i := range words {
		words[i] = fmt.Sprintf("W%02d", i)
	}
	d, err := deck.New("demo", "en", words, deck.SeedFromText("picnic"))
	if err != nil {
		panic(err)
	}
	for _, id := range []int{0, 29, 30, 800, 821, 854, 865} {
		k, i := d.Kind(id)
		fmt.Println(id, k, i)
	}
	// Output:
	// 0 word 0
	// 29 word 29
	// 30 unknown 0
	// 800 agent 0
	// 821 timer-bystander 5
	// 854 double-red 0
	// 865 guess 1
}
