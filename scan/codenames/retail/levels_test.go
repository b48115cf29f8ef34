package retail

import (
	"image"
	"testing"

	"gocv.io/x/gocv"
)

// slowLevels is levels as it was before session 27: each level
// thresholded first, then opened and eroded; kept to compare with.
func slowLevels(in gocv.Mat, stop bool, each func(piece gocv.Mat)) {
	k := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(3, 3))
	defer k.Close()
	piece := gocv.NewMat()
	defer piece.Close()
	for t := 30; t <= 150; t += 10 {
		gocv.Threshold(in, &piece, float32(t), 255, gocv.ThresholdBinary)
		gocv.MorphologyEx(piece, &piece, gocv.MorphOpen, k)
		gocv.Erode(piece, &piece, k)
		if stop && gocv.CountNonZero(piece) == 0 {
			return
		}
		each(piece)
	}
}

// levelInputs returns what levels is handed on the reuse frames: each
// frame's whole distance from the table's colour (seedCards) and, for each
// blob of its eroded card mask, the distance inside the blob's box with
// the rest of the box black (climb), and an image of every level in rows
// of 1 to 7 pixels (the borders' case).
func levelInputs(tb testing.TB) []gocv.Mat {
	var ins []gocv.Mat
	for _, file := range reuseFrames {
		eroded, diff8, _ := erodedMask(tb, file)
		o := newOutlines(eroded)
		for i := range o.cs.Size() {
			c := o.cs.At(i)
			r := gocv.BoundingRect(c)
			blob := blobMask(eroded, c, r)
			roi := diff8.Region(r)
			in := gocv.NewMat()
			roi.CopyToWithMask(&in, blob)
			roi.Close()
			blob.Close()
			ins = append(ins, in)
		}
		o.Close()
		eroded.Close()
		ins = append(ins, diff8)
	}
	px := make([]byte, 64*256)
	for y := range 64 {
		for x := range 256 {
			px[y*256+x] = byte((x / (1 + y%7)) * 11)
		}
	}
	m, err := gocv.NewMatFromBytes(64, 256, gocv.MatTypeCV8UC1, px)
	if err != nil {
		tb.Fatal(err)
	}
	return append(ins, m)
}

// TestLevelsOnce: levels, opening and eroding once before its thresholds,
// hands each level the bytes thresholding first gave (slowLevels), every
// level and stopping at the first empty one, on every input of
// levelInputs.
func TestLevelsOnce(t *testing.T) {
	ins := levelInputs(t)
	defer func() {
		for _, m := range ins {
			m.Close()
		}
	}()
	pieces := func(way func(gocv.Mat, bool, func(gocv.Mat)), in gocv.Mat, stop bool) [][]byte {
		var out [][]byte
		way(in, stop, func(piece gocv.Mat) { out = append(out, piece.ToBytes()) })
		return out
	}
	lit := 0
	for j, in := range ins {
		for _, stop := range []bool{false, true} {
			got, want := pieces(levels, in, stop), pieces(slowLevels, in, stop)
			if len(got) != len(want) {
				t.Errorf("input %d (%dx%d), stop %v: %d levels, want %d", j, in.Cols(), in.Rows(), stop, len(got), len(want))
				continue
			}
			for l := range want {
				bad := 0
				for i := range want[l] {
					if got[l][i] != want[l][i] {
						bad++
					}
					if want[l][i] != 0 {
						lit++
					}
				}
				if bad > 0 {
					t.Errorf("input %d (%dx%d), stop %v, level %d: %d pixels differ", j, in.Cols(), in.Rows(), stop, 30+10*l, bad)
				}
			}
		}
	}
	if lit == 0 {
		t.Errorf("%d inputs: no piece has a pixel", len(ins))
	}
	t.Logf("%d inputs, %d pixels lit", len(ins), lit)
}

// BenchmarkLevels hands levelInputs' images to levels and to slowLevels
// in turns within each op (which goes first alternates from op to op),
// stopping at the first empty level as the ladder and seedCards do.
// new-ms and old-ms are the process's CPU time an op each way (every
// input once), new/old their ratio. Run on one core:
//
//	OMP_THREAD_LIMIT=1 go test ./scan/codenames/retail -run XX -bench Levels -cpu 1 -benchtime 20x
func BenchmarkLevels(b *testing.B) {
	ins := levelInputs(b)
	defer func() {
		for _, m := range ins {
			m.Close()
		}
	}()
	way := func(ladder func(gocv.Mat, bool, func(gocv.Mat))) func() {
		return func() {
			for _, in := range ins {
				ladder(in, true, func(gocv.Mat) {})
			}
		}
	}
	inTurns(b, way(slowLevels), way(levels))
}
