package keycards

// A multiset layout assigns one of k categories to each of the 25 cells, with a
// fixed count per category. rankLayout and unrankLayout number all such layouts
// 0..N-1 in lexicographic order of their category sequences.
//
// With n cells left to fill and M layouts of them, exactly M*c_j/n of those layouts
// put category j in the next cell, so each step costs two divisions no matter how
// many categories there are.

// layoutCount returns 25!/(c_0! c_1! ... ) for the given category counts.
func layoutCount(counts []int) uint64 {
	var m uint64 = 1
	n := 0
	for _, c := range counts {
		// Multiply in C(n+c, c) one factor at a time; each partial product is an integer.
		for i := 1; i <= c; i++ {
			n++
			m = m * uint64(n) / uint64(i)
		}
	}
	return m
}

// rankLayout returns the rank of cats, a sequence of category indexes whose
// category counts are counts. The caller has checked the counts.
func rankLayout(cats *[Cells]uint8, counts []int, total uint64) uint64 {
	var left [16]uint64
	for j, c := range counts {
		left[j] = uint64(c)
	}
	m := total
	var r uint64
	for i := range Cells {
		n := uint64(Cells - i)
		k := cats[i]
		var below uint64
		for j := range k {
			below += left[j]
		}
		r += m * below / n
		m = m * left[k] / n
		left[k]--
	}
	return r
}

// unrankLayout is the inverse of rankLayout; r must be below total.
func unrankLayout(r uint64, counts []int, total uint64, cats *[Cells]uint8) {
	var left [16]uint64
	for j, c := range counts {
		left[j] = uint64(c)
	}
	m := total
	for i := range Cells {
		n := uint64(Cells - i)
		// The next category is the first k whose cumulative count exceeds r*n/m.
		t := r * n / m
		var below uint64
		k := 0
		for below+left[k] <= t {
			below += left[k]
			k++
		}
		r -= m * below / n
		m = m * left[k] / n
		left[k]--
		cats[i] = uint8(k)
	}
}
