package codenames

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// eventCases are valid event lines and their canonical form ("" when the line is canonical).
var eventCases = []struct{ in, canonical string }{
	{`{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT","turns":9,"mistakes":9}`, ""},
	{`{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT"}`, `{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT","turns":9,"mistakes":9}`},
	{`{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT","turns":11}`, `{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT","turns":11,"mistakes":11}`},
	{`{"type":"new","game":"duet","key":"D2D3N-FNZ9J-ZZMT","turns":9,"mistakes":5,"loose":true}`, ""},
	{`{"game":"classic","type":"new","key":"C2345-6789A","variant":"solo"}`, `{"type":"new","game":"classic","key":"C2345-6789A","variant":"solo"}`},
	{`{"type":"new","game":"classic","key":"C2345-6789A"}`, `{"type":"new","game":"classic","key":"C2345-6789A","variant":"teams"}`},
	{`{"type":"clue","by":"a","word":"sałatka","count":3}`, ""},
	{`{"type":"clue","word":"<&>","count":0}`, `{"type":"clue","word":"\u003c\u0026\u003e","count":0}`},
	{`{"type":"clue","by":"RED","word":"x","count":"unlimited"}`, `{"type":"clue","by":"red","word":"x","count":"unlimited"}`},
	{`{"type":"guess","cell":[4,4]}`, ""},
	{`{"type":"guess","by":"b","word":"ŻÓŁW"}`, ""},
	{`{"type":"stop"}`, ""},
	{`{"type":"stop","by":"b"}`, ""},
	{` {"type":"penalty"} `, `{"type":"penalty"}`},
	{`{"type":"enemy_cover","cell":[1,2]}`, ""},
	{`{"type":"cover","by":"blue","word":"SOK"}`, ""},
}

func TestDecodeEventCanonical(t *testing.T) {
	for _, c := range eventCases {
		e, err := DecodeEvent([]byte(c.in))
		if err != nil {
			t.Errorf("DecodeEvent(%s): %v", c.in, err)
			continue
		}
		want := c.canonical
		if want == "" {
			want = strings.TrimSpace(c.in)
		}
		got, err := json.Marshal(e)
		if err != nil || string(got) != want {
			t.Errorf("Marshal(DecodeEvent(%s)) = %s, %v; want %s", c.in, got, err, want)
			continue
		}
		back, err := DecodeEvent(got)
		if err != nil || !sameEvent(back, e) {
			t.Errorf("DecodeEvent(%s) = %+v, %v; want %+v", got, back, err, e)
		}
	}
}

func sameEvent(a, b Event) bool {
	if (a.Setup == nil) != (b.Setup == nil) {
		return false
	}
	if a.Setup != nil && !reflect.DeepEqual(*a.Setup, *b.Setup) {
		return false
	}
	a.Setup, b.Setup = nil, nil
	return a == b
}

func TestDecodeEventErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{``, "not a JSON object"},
		{`null`, "null is not an event"},
		{`[1,2]`, "want an object"},
		{`{"type":"clue"`, "not a JSON object"},
		{`{}`, `missing "type"`},
		{`{"type":"jump"}`, `unknown type "jump"`},
		{`{"type":7}`, `"type" is a number`},
		{`{"type":"stop","cel":[1,1]}`, `unknown field "cel"`},
		{`{"type":"stop","word":"x"}`, `a stop event has no "word" field (it takes by)`},
		{`{"type":"penalty","by":"a"}`, `a penalty event has no "by" field; send only its type`},
		{`{"type":"clue","by":"c","word":"x","count":1}`, `unknown player "c"`},
		{`{"type":"clue","by":"a","count":1}`, `a clue needs a "word"`},
		{`{"type":"clue","by":"a","word":"  ","count":1}`, `a clue needs a "word"`},
		{`{"type":"clue","by":"a","word":"x"}`, `a clue needs a "count"`},
		{`{"type":"clue","by":"a","word":"x","count":-1}`, `"count" -1`},
		{`{"type":"clue","by":"a","word":"x","count":26}`, `"count" 26`},
		{`{"type":"clue","by":"a","word":"x","count":1.5}`, `"count" 1.5`},
		{`{"type":"clue","by":"a","word":"x","count":"many"}`, `"count" "many"`},
		{`{"type":"guess"}`, `needs "cell":[row,col] or "word"`},
		{`{"type":"guess","cell":[5,0]}`, `"cell" [5 0]`},
		{`{"type":"guess","cell":[1]}`, `"cell" [1]`},
		{`{"type":"guess","cell":[1,2,3]}`, `"cell" [1 2 3]`},
		{`{"type":"guess","cell":"a1"}`, `"cell" is a string; want a list`},
		{`{"type":"guess","cell":[1,1],"word":"x"}`, `not both`},
		{`{"type":"new","key":"D2D3N-FNZ9J-ZZMT"}`, `needs "game"`},
		{`{"type":"new","game":"chess","key":"x"}`, `unknown game "chess"`},
		{`{"type":"new","game":"duet"}`, `needs "key"`},
		{`{"type":"new","game":"duet","key":"k","turns":12}`, `12 turns`},
		{`{"type":"new","game":"duet","key":"k","turns":9,"mistakes":10}`, `allows 10 mistakes`},
		{`{"type":"new","game":"duet","key":"k","variant":"solo"}`, `"variant" is for classic`},
		{`{"type":"new","game":"classic","key":"k","turns":9}`, `are for Duet`},
		{`{"type":"new","game":"classic","key":"k","variant":"pairs"}`, `unknown variant "pairs"`},
		{`{"type":"new","game":"duet","key":"k","words":["A","B"]}`, `"words" has 2 words`},
	}
	for _, c := range cases {
		_, err := DecodeEvent([]byte(c.in))
		if err == nil || !errors.Is(err, ErrEvent) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeEvent(%s) = %v, want an error saying %q", c.in, err, c.want)
		}
	}
}

// FuzzDecodeEvent checks that the decoder never panics, and that whatever it
// accepts survives a round trip through the canonical form unchanged.
func FuzzDecodeEvent(f *testing.F) {
	for _, c := range eventCases {
		f.Add([]byte(c.in))
	}
	for _, name := range []string{"polish.jsonl", "classic.jsonl"} {
		file, err := os.Open(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		sc := bufio.NewScanner(file)
		for sc.Scan() {
			f.Add([]byte(sc.Text()))
		}
		file.Close()
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		e, err := DecodeEvent(data)
		if err != nil {
			if !errors.Is(err, ErrEvent) {
				t.Fatalf("DecodeEvent(%q): error %v does not wrap ErrEvent", data, err)
			}
			return
		}
		b, err := json.Marshal(e)
		if err != nil {
			t.Fatalf("Marshal(%+v): %v", e, err)
		}
		back, err := DecodeEvent(b)
		if err != nil {
			t.Fatalf("DecodeEvent(%s) of the canonical form: %v", b, err)
		}
		// Invalid UTF-8 becomes U+FFFD in JSON; compare after that.
		if utf8.Valid(data) && !sameEvent(back, e) {
			t.Fatalf("round trip %q -> %s -> %+v, want %+v", data, b, back, e)
		}
		var s Session
		s.Apply(e) // must not panic
	})
}
