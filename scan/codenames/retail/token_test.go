package retail

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"testing"

	sceneretail "fieldkit/internal/scene/retail"

	"gocv.io/x/gocv"
)

// TestTokenDiscs: the guess token is a yellow disc laid over a card, more
// saturated than the card around it. A crop of rendered held-out 300121
// at the detection width (960 px; a card's area 3,140 px there) holds the
// token on ŁAŃCUCH and a bystander whose printed figure's round head (H 17,
// S 142, V 161) passed the token's colour and shape test and was read as a
// second token: only the token may be found. A synthetic bystander and a
// red agent with the token laid on them keep their token (on the red, the
// token is no more saturated than the card: its hue tells it).
func TestTokenDiscs(t *testing.T) {
	rendered := testImage(t, "token-300121-head.png")
	defer rendered.Close()
	bystander := tokenOnCover(t, "bystander")
	defer bystander.Close()
	red := tokenOnCover(t, "red")
	defer red.Close()
	for _, tc := range []struct {
		name string
		img  gocv.Mat
		card float64
		want [][2]float64
	}{
		{"rendered 300121", rendered, 3140, [][2]float64{{50, 75}}},
		{"synthetic bystander", bystander, 70 * 45 * 4, [][2]float64{{55, 60}}},
		{"synthetic red agent", red, 70 * 45 * 4, [][2]float64{{55, 60}}},
	} {
		got := tokenDiscs(tc.img, tc.card)
		if len(got) != len(tc.want) {
			t.Errorf("%s: %d tokens at %.0f, want %d", tc.name, len(got), got, len(tc.want))
			continue
		}
		for i, p := range got {
			if math.Hypot(p[0]-tc.want[i][0], p[1]-tc.want[i][1]) > 5 {
				t.Errorf("%s: a token at %.0f, want %.0f", tc.name, p, tc.want[i])
			}
		}
	}
}

// tokenOnCover draws the synthetic cover card kind at 2 px/mm with the
// guess token on its left half, 20 mm from the card's top and 17.5 mm from
// its left (over the figure's edge), on a grey table.
func tokenOnCover(t *testing.T, kind string) gocv.Mat {
	t.Helper()
	cover, err := sceneretail.CoverFace(kind, 2)
	if err != nil {
		t.Fatal(err)
	}
	img := image.NewRGBA(image.Rect(0, 0, 180, 130))
	draw.Draw(img, img.Bounds(), image.NewUniform(color.Gray{Y: 90}), image.Point{}, draw.Src)
	at := image.Pt(20, 20)
	draw.Draw(img, cover.Bounds().Add(at), cover, image.Point{}, draw.Over)
	tok := sceneretail.TokenFace(sceneretail.Token, 2)
	draw.Draw(img, tok.Bounds().Add(image.Pt(55-tok.Bounds().Dx()/2, 60-tok.Bounds().Dy()/2)), tok, image.Point{}, draw.Over)
	m, err := gocv.ImageToMatRGB(img)
	if err != nil {
		t.Fatal(err)
	}
	return m
}
