package codenames_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"

	"fieldkit/server"
	"fieldkit/server/codenames"
)

// A Codenames table in a few lines: the family, a store, a server, an HTTP
// listener. The host creates a game, gives a clue and enters a guess with its
// host token.
func Example() {
	dir, _ := os.MkdirTemp("", "fieldkit-example")
	defer os.RemoveAll(dir)
	fam := codenames.New(nil)
	store, err := server.OpenStore(filepath.Join(dir, "fieldkit.db"), fam)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer store.Close()
	hs := httptest.NewUnstartedServer(nil)
	srv, err := server.New(server.Config{Store: store, BaseURL: "http://" + hs.Listener.Addr().String(), Families: []server.Family{fam}})
	if err != nil {
		fmt.Println(err)
		return
	}
	hs.Config = srv.HTTPServer("")
	hs.Start()
	defer hs.Close()
	defer srv.Close()

	res, _ := http.Post(hs.URL+"/api/games", "application/json",
		strings.NewReader(`{"game":"duet","key":"D2D3N-FNZ9J-ZZMT","mission":{"turns":9,"mistakes":5},"lang":"none"}`))
	var game server.Created
	json.NewDecoder(res.Body).Decode(&game)
	res.Body.Close()
	fmt.Println(res.StatusCode, len(game.Seats), "seats")

	host := game.HostURL[strings.LastIndex(game.HostURL, "/")+1:]
	for _, e := range []string{
		`{"type":"clue","by":"a","word":"potato","count":1}`,
		`{"type":"guess","cell":[0,0]}`,
		`{"type":"stop"}`,
	} {
		req, _ := http.NewRequest("POST", hs.URL+"/api/games/"+game.ID+"/events", strings.NewReader(e))
		req.Header.Set("Authorization", "Bearer "+host)
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			fmt.Println(err)
			return
		}
		var st codenames.GameState
		json.NewDecoder(res.Body).Decode(&st)
		res.Body.Close()
		fmt.Println(res.StatusCode, st.Seq, st.State.Phase, st.State.Next, st.State.Result, *st.State.TokensLeft, st.State.AgentsLeft)
	}
	// Output:
	// 201 2 seats
	// 200 1 guess b  9 15
	// 200 2 guess b agent 9 14
	// 200 3 clue b agent 8 14
}
