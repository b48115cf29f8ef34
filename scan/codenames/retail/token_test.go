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
// token is no more saturated than the card: its hue tells it). A crop of
// synthetic 100006 (pt, 1080p, at 960 px) holds a token whose edge noise
// frays (0.58 round by its outline): it is found by its hull (raggedDisc).
//
// Pale tokens (paleToken), crops at 960 px: rendered 300440-webcam's on a
// glared word card (median saturation 124) and 300531-phone's under a warm
// light (0.024 of a card's area at hue 16 and over) were unseen; the agent
// figures printed on three word cards of 300448-webcam pass the pale
// token's colour and shape, and standsOut (1.30-1.35 times the saturation
// around them), but are darker than their paper: no token.
//
// Spurs (openedDisc), crops at 960 px: rendered 300693-phone's token (its
// rim's pixels hanging on the disc, 0.54 round) and 300696-webcam's
// (against the card's printed frame, 0.47) were unseen; opened, each is
// one round disc. A crop at 960 px of rendered 300660-webcam under
// `-perturb warm`, balanced (cast.go): a bystander's corner lit between a
// hand's shadows passes the pale token's colour, shape and lift, 112 levels
// brighter than its ring (maxPaleBright): no token.
//
// Glared tokens (glaredToken), crops at 960 px of synthetic 210008 (cs,
// 1080p) and 180011 (pt, 1080p): a glare clipped the word card's paper to
// white around the token, which is as bright (V 254-255), and was unseen.
//
// A token in a hand's shadow (shadowToken), a crop at 960 px of rendered
// 300956-webcam's cell 3,0 (H 20-22, S 220-255, V 65-75): unseen under
// minTokenV.
func TestTokenDiscs(t *testing.T) {
	rendered := testImage(t, "token-300121-head.png")
	defer rendered.Close()
	pale := testImage(t, "token-300440-pale.png")
	defer pale.Close()
	edge := testImage(t, "token-300531-edge.png")
	defer edge.Close()
	figures := testImage(t, "token-300448-figures.png")
	defer figures.Close()
	ragged := testImage(t, "token-100006-ragged.png")
	defer ragged.Close()
	spurs := testImage(t, "token-300693-spurs.png")
	defer spurs.Close()
	onFrame := testImage(t, "token-300696-frame.png")
	defer onFrame.Close()
	litPatch := testImage(t, "token-300660-lit-patch.png")
	defer litPatch.Close()
	glared := testImage(t, "token-210008-glare.png")
	defer glared.Close()
	glared2 := testImage(t, "token-180011-glare.png")
	defer glared2.Close()
	shadow := testImage(t, "token-300956-shadow.png")
	defer shadow.Close()
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
		{"synthetic 100006 ragged", ragged, 12950, [][2]float64{{56, 55}}},
		{"synthetic bystander", bystander, 70 * 45 * 4, [][2]float64{{55, 60}}},
		{"synthetic red agent", red, 70 * 45 * 4, [][2]float64{{55, 60}}},
		{"rendered 300440 pale", pale, 4314, [][2]float64{{38, 102}}},
		{"rendered 300531 warm edge", edge, 6902, [][2]float64{{82, 68}}},
		{"rendered 300448 figures", figures, 5126, nil},
		{"rendered 300693 spurs", spurs, 7628, [][2]float64{{80, 80}}},
		{"rendered 300696 on the frame", onFrame, 6736, [][2]float64{{120, 120}}},
		{"rendered 300660 warm, a lit patch", litPatch, 4012, nil},
		{"synthetic 210008 glared", glared, 10100, [][2]float64{{70, 60}}},
		{"synthetic 180011 glared", glared2, 5500, [][2]float64{{70, 60}}},
		{"rendered 300956 in a hand's shadow", shadow, 6400, [][2]float64{{80, 80}}},
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

// TestTokenFarCard: a token is measured against a card's area where it
// lies (cardAreaAt). Rendered 300703-phone's token on cell 1,0 (a crop at
// 960 px) fills 0.0249 of the middle cell's card (5,825 px there), under a
// token's least 0.025, and was unseen; its own cell's card, far up the
// tilted table, is 3,378 px. On a tilted grid, a cell smaller than the
// middle one gives its own area, a larger one the middle's.
func TestTokenFarCard(t *testing.T) {
	img := testImage(t, "token-300703-far.png")
	defer img.Close()
	if got := smallDiscs(img, 1, everywhere(5825)); len(got) != 0 {
		t.Errorf("the middle cell's card: tokens at %.0f, want none (0.0249 of it)", got)
	}
	if got := smallDiscs(img, 1, everywhere(3378)); len(got) != 1 || math.Hypot(got[0][0]-80, got[0][1]-80) > 5 {
		t.Errorf("its own cell's card: tokens at %.0f, want one at 80,80", got)
	}
	far := testImage(t, "rendered-300027-far.jpg")
	defer far.Close()
	quads, short, cm := findCards(far)
	defer cm.Close()
	lt := gridOf(t, quads, short)
	size := cardAreaAt(lt)
	at := size.at
	mid := quadArea(lt.cellQuad(12))
	smaller, least := 0, mid
	for k := range 25 {
		a := quadArea(lt.cellQuad(k))
		if got, want := at(lt.cellQuad(k).centre()), min(a, mid); got != want {
			t.Errorf("cardAreaAt(cell %d's centre) = %.0f, want %.0f (its own %.0f, the middle's %.0f)", k, got, want, a, mid)
		}
		if a < mid {
			smaller++
		}
		least = min(least, a)
	}
	if size.least != least {
		t.Errorf("cardAreaAt's least = %.0f, want the smallest cell's %.0f", size.least, least)
	}
	if smaller == 0 || smaller == 24 {
		t.Errorf("%d cells smaller than the middle one: not a tilted grid", smaller)
	}
	if got := at([2]float64{-1e4, -1e4}); got != mid {
		t.Errorf("cardAreaAt off the grid = %.0f, want the middle's %.0f", got, mid)
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

// TestTokenOnBystander: the guess token's dark ring on a bystander counts
// as faint ink, and a tan card with faint ink is a doubt (a word card's
// letters under a warm light), so a bystander with the token on it was
// left unknown (synthetic seed 80019 cs, both sizes). With the token
// painted over (withoutTokens) it is the bystander; a word card with the
// token on its picture stays a word card.
func TestTokenOnBystander(t *testing.T) {
	for _, tc := range []struct {
		kind, want string
	}{
		{"bystander", "bystander"},
		{"word", "word"},
	} {
		var face *image.RGBA
		var err error
		if tc.kind == "word" {
			face, err = sceneretail.WordFace("KOT", pxmm)
		} else {
			face, err = sceneretail.CoverFace(tc.kind, pxmm)
		}
		if err != nil {
			t.Fatal(err)
		}
		card, at := tokenedCard(t, face)
		q := Quad{{0, 0}, {cardW, 0}, {cardW, cardH}, {0, cardH}}
		plain, ok := withoutTokens(card, q, [][2]float64{at})
		if !ok {
			t.Fatalf("%s: the token not on the card", tc.kind)
		}
		if lk := classify(plain); lk.kind != tc.want {
			t.Errorf("%s with the token painted over: classed %q, want %q", tc.kind, lk.kind, tc.want)
		}
		plain.Close()
		card.Close()
	}
}

// TestPaintedLook: synthetic 180010's bystander (cs, 1080p, cell 4,3),
// glared (V 248, S 79) with the token on it, is a word card by its colours
// (the token's ring is faint ink anywhere inside, which glaredTan refuses)
// and was left in doubt, never painted: with the token painted over it is
// the bystander. A word card with the token on its picture stays a word
// card, as does a card the painted copy leaves of no class.
func TestPaintedLook(t *testing.T) {
	glared := testImage(t, "card-180010-glared-token.png")
	defer glared.Close()
	q := Quad{{0, 0}, {cardW, 0}, {cardW, cardH}, {0, cardH}}
	if lk := classify(glared); lk.kind != "word" {
		t.Fatalf("180010 as it is: classed %q, want %q", lk.kind, "word")
	}
	if lk := paintedLook(glared, q, [][2]float64{{212, 122}}, look{kind: "word"}); lk.kind != "bystander" {
		t.Errorf("180010 with the token painted over: %q, want %q", lk.kind, "bystander")
	}
	if lk := paintedLook(glared, q, nil, look{kind: "word"}); lk.kind != "word" {
		t.Errorf("180010 without a token found: %q, want %q", lk.kind, "word")
	}
	face, err := sceneretail.WordFace("KOT", pxmm)
	if err != nil {
		t.Fatal(err)
	}
	word, at := tokenedCard(t, face)
	defer word.Close()
	if lk := paintedLook(word, q, [][2]float64{at}, look{kind: "word"}); lk.kind != "word" {
		t.Errorf("KOT with the token painted over: %q, want %q", lk.kind, "word")
	}
}

// tokenedCard draws the guess token on a generated card face where the
// scenes lay it (20 mm left of the card's centre, 8 mm above it) and
// returns the face as a rectified card (the caller closes it) and the
// token's centre there.
func tokenedCard(t *testing.T, face *image.RGBA) (gocv.Mat, [2]float64) {
	t.Helper()
	tok := sceneretail.TokenFace(sceneretail.Token, pxmm)
	ctr := image.Pt(int(15*pxmm), int(14.5*pxmm))
	draw.Draw(face, tok.Bounds().Add(ctr.Sub(image.Pt(tok.Bounds().Dx()/2, tok.Bounds().Dy()/2))), tok, image.Point{}, draw.Over)
	card, err := gocv.ImageToMatRGB(face)
	if err != nil {
		t.Fatal(err)
	}
	gocv.Resize(card, &card, image.Pt(cardW, cardH), 0, 0, gocv.InterpolationArea)
	return card, [2]float64{float64(ctr.X), float64(ctr.Y)}
}
