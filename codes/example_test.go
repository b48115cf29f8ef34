package codes_test

import (
	"fmt"

	"fieldkit/codes"
)

func ExampleFormat() {
	code := codes.Format([]int{0, 1, 2, 3, 4, 5, 6, 7})
	vals, _ := codes.Values(code)
	fmt.Println(code, codes.Checks(vals))
	// Output: 23456-7894 true
}
