package keycards

import (
	"errors"
	"strings"
	"testing"
)

func TestSideCodeRoundTrip(t *testing.T) {
	if SideLayouts != 1144066000 {
		t.Fatalf("SideLayouts = %d, want 25!/(9!3!13!) = 1144066000", SideLayouts)
	}
	src := SeededSource("side codes")
	for range 200 {
		d := NewDuet(src)
		for _, s := range []Side{SideA, SideB} {
			code := d.SideCode(s)
			if len(code) != 10 || code[0] != strings.ToUpper(s.String())[0] {
				t.Fatalf("SideCode(%v) = %q, want %s and 9 characters", s, code, strings.ToUpper(s.String()))
			}
			gs, cells, err := ParseSideCode(strings.ToLower(code))
			if err != nil || gs != s || cells != d.Side(s) {
				t.Fatalf("ParseSideCode(%q) = %v, %v, %v; want side %v %v", code, gs, cells, err, s, d.Side(s))
			}
		}
		got, err := JoinSides(d.SideCode(SideB), d.SideCode(SideA))
		if err != nil || got != d {
			t.Fatalf("JoinSides(B, A) of %s = %v, %v", d.Code(), got, err)
		}
	}
}

// TestSideCodeHidesOtherSide: side A's code is a function of side A alone, so
// two cards with the same side A and different sides B print the same A code.
func TestSideCodeHidesOtherSide(t *testing.T) {
	d := NewDuet(SeededSource("hide"))
	e := d
	// Swap two side-B cells whose table cells are bystanders on side A: side A stays.
	for i := range Cells {
		for j := range Cells {
			if d.A[i] == Bystander && d.A[j] == Bystander && d.B[Turn(i)] != d.B[Turn(j)] {
				e.B[Turn(i)], e.B[Turn(j)] = e.B[Turn(j)], e.B[Turn(i)]
				goto swapped
			}
		}
	}
	t.Fatal("no swappable cells")
swapped:
	if err := e.Validate(); err != nil {
		t.Fatal(err)
	}
	if d.Code() == e.Code() || d.SideCode(SideB) == e.SideCode(SideB) {
		t.Fatal("the two cards should differ on side B")
	}
	if d.SideCode(SideA) != e.SideCode(SideA) {
		t.Errorf("side A codes differ (%s, %s) though side A is the same", d.SideCode(SideA), e.SideCode(SideA))
	}
}

func TestParseSideCodeErrors(t *testing.T) {
	good := NewDuet(SeededSource("x")).SideCode(SideA)
	swapped := good[:2] + string(good[3]) + string(good[2]) + good[4:]
	for _, tt := range []struct {
		in   string
		want error
	}{
		{"", ErrCodeLength},
		{"D2685-WMWJA-6SU8", ErrCodeGame},
		{"A2345", ErrCodeLength},
		{good[:len(good)-1] + "2", ErrCodeCheck},
		{swapped, ErrCodeCheck},
		{"A0000-0000", ErrCodeChar},
	} {
		if _, _, err := ParseSideCode(tt.in); !errors.Is(err, tt.want) {
			t.Errorf("ParseSideCode(%q) error = %v, want %v", tt.in, err, tt.want)
		}
	}
	a := NewDuet(SeededSource("a"))
	b := NewDuet(SeededSource("b"))
	if _, err := JoinSides(a.SideCode(SideA), a.SideCode(SideA)); err == nil {
		t.Error("JoinSides(A, A) succeeded")
	}
	if _, err := JoinSides(a.SideCode(SideA), b.SideCode(SideB)); !errors.Is(err, ErrInvalidLayout) {
		t.Errorf("JoinSides of two cards = %v, want ErrInvalidLayout", err)
	}
}

func FuzzParseSideCode(f *testing.F) {
	for _, s := range []string{"A2345-6789", "", "B", NewDuet(SeededSource("f")).SideCode(SideB), "AZZZZ-ZZZZ", "\xff"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		side, cells, err := ParseSideCode(s)
		if err != nil {
			return
		}
		n := map[Role]int{}
		for _, r := range cells {
			n[r]++
		}
		if n[Agent] != 9 || n[Assassin] != 3 || n[Bystander] != 13 {
			t.Fatalf("ParseSideCode(%q) = side with counts %v", s, n)
		}
		d := DuetCard{A: cells, B: cells}
		if side == SideB {
			d = DuetCard{B: cells, A: cells}
		}
		norm := strings.ToUpper(strings.NewReplacer("-", "", " ", "", "\t", "").Replace(s))
		if got := strings.ReplaceAll(d.SideCode(side), "-", ""); got != norm {
			t.Fatalf("ParseSideCode(%q) re-encodes to %q", s, got)
		}
	})
}
