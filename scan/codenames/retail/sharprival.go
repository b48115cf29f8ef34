package retail

// cutRival reports whether m3, the band's sharpened read, standing over
// first reads that named no word it was (wholeShort), names a word another
// candidate lies within two edits of (Margin under Match.Strong's 2)
// while a first read (m1, the band's, or m2, the copy's) lies as near
// such a rival as the word (Matcher.Contested): the first reads saw none
// of the letters that tell the two apart, and blur and sharpening turn one
// letter into another. Rendered 301279-phone under -perturb blur, HILL,
// read "TLL" on the band (a run of BEETLE's letters, Cut), "" on the copy,
// then "BILL" sharpened: BILL, a wrong word, its ink four letters long;
// "TLL" lies two edits from BILL and from HILL.
func (r *Reader) cutRival(m3, m1, m2 Match) bool {
	return m3.Margin < 2 && (r.match.Contested(m3.Text, m1.Text, m3.Word) || r.match.Contested(m3.Text, m2.Text, m3.Word))
}

// inkBeyond reports whether m3, the band's sharpened read, names a word
// another candidate lies within two edits of (Margin under Match.Strong's
// 2), that the copy's read (m2) does not name and the band's first read
// (m1) did not read exactly, while the band's ink runs over maxInkLetter
// letter heights a letter of the word, to the band's ends or not: the ink
// is a longer word's, or a hand's over it. Rendered lamp 301301-phone
// under -perturb blur, FARMÁCIA upside down under a hand's fingers: its
// turned band read "FAD" (FADA one edit off, FACA two), its copy "MM",
// then "FADA" sharpened, FACA one edit off: FADA, a wrong word; the band's
// ink ran 9.6 letter heights, from the FAR left bare to the fingers'
// shadows at the band's end.
func (r *Reader) inkBeyond(w *wordCrops, m3, m1, m2 Match) bool {
	if m3.Margin >= 2 || m3.Word == m2.Word || m1.Word == m3.Word && m1.Dist == 0 {
		return false
	}
	lo, hi, h := bandInk(w.band)
	n := float64(len([]rune(Normalize(m3.Word))))
	return h > 0 && float64(hi-lo+1)/float64(h) > maxInkLetter*n
}
