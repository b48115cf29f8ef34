package refusal_test

import (
	"encoding/json"
	"errors"
	"fmt"

	"fieldkit/refusal"
)

func ExampleNew() {
	errTurn := errors.New("not your turn")
	r := refusal.New(errTurn, "cn.refuse.turn", "it is red's turn", "team", refusal.Term("cn.team.red"))
	fmt.Println(r)
	fmt.Println(errors.Is(r, errTurn))
	id, args := r.Say()
	b, _ := json.Marshal(args)
	fmt.Println(id, string(b))
	// Output:
	// not your turn: it is red's turn
	// true
	// cn.refuse.turn {"team":{"id":"cn.team.red"}}
}
