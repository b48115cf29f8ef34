package keycards

import "testing"

func BenchmarkNewDuet(b *testing.B) {
	src := SeededSource("bench")
	for b.Loop() {
		NewDuet(src)
	}
}

func BenchmarkNewClassic(b *testing.B) {
	src := SeededSource("bench")
	for b.Loop() {
		NewClassic(src)
	}
}

func BenchmarkDuetCode(b *testing.B) {
	d := NewDuet(SeededSource("bench"))
	for b.Loop() {
		d.Code()
	}
}

func BenchmarkParseDuet(b *testing.B) {
	code := NewDuet(SeededSource("bench")).Code()
	for b.Loop() {
		if _, err := ParseDuet(code); err != nil {
			b.Fatal(err)
		}
	}
}
