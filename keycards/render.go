package keycards

import (
	"fmt"
	"io"
	"strings"
)

// Text rendering of a key card side for the terminal. With colour, each cell is a
// coloured block with its letter; without (NO_COLOR, or not a terminal), plain letters.

// Letter returns the plain letter a role is shown with: A agent, X assassin,
// R red, B blue, and a dot for a bystander.
func (r Role) Letter() byte {
	switch r {
	case Agent:
		return 'A'
	case Assassin:
		return 'X'
	case Red:
		return 'R'
	case Blue:
		return 'B'
	}
	return '.'
}

// ANSI background colours: green agent, black assassin, beige bystander, red, blue.
var roleColor = map[Role]string{
	Agent:     "\x1b[30;42m",
	Assassin:  "\x1b[97;40m",
	Bystander: "\x1b[30;48;5;180m",
	Red:       "\x1b[97;41m",
	Blue:      "\x1b[97;44m",
}

// gridLines returns the five lines of a grid of roles.
func gridLines(cells [Cells]Role, color bool) []string {
	lines := make([]string, 5)
	for r := range 5 {
		var b strings.Builder
		for c := range 5 {
			role := cells[r*5+c]
			if color {
				fmt.Fprintf(&b, "%s %c \x1b[0m", roleColor[role], role.Letter())
			} else {
				if c > 0 {
					b.WriteByte(' ')
				}
				b.WriteByte(role.Letter())
			}
		}
		lines[r] = b.String()
	}
	return lines
}

// WriteGrid writes a titled 5x5 grid of roles, row 0 first, followed by a legend.
func WriteGrid(w io.Writer, title string, cells [Cells]Role, color bool) error {
	return writeGrids(w, []string{title}, [][Cells]Role{cells}, color)
}

func writeGrids(w io.Writer, titles []string, grids [][Cells]Role, color bool) error {
	width := 9
	if color {
		width = 15
	}
	var b strings.Builder
	if strings.Join(titles, "") != "" {
		for i, t := range titles {
			if i > 0 {
				b.WriteString("   ")
			}
			fmt.Fprintf(&b, "%-*s", width, t)
		}
		b.WriteString("\n")
	}
	rows := make([][]string, len(grids))
	for i, g := range grids {
		rows[i] = gridLines(g, color)
	}
	for r := range 5 {
		for i := range grids {
			if i > 0 {
				b.WriteString("   ")
			}
			b.WriteString(rows[i][r]) // every grid line shows exactly width visible characters
		}
		b.WriteString("\n")
	}
	b.WriteString(legend(grids[0]))
	lines := strings.Split(b.String(), "\n")
	for i, l := range lines {
		lines[i] = strings.TrimRight(l, " ")
	}
	_, err := io.WriteString(w, strings.Join(lines, "\n"))
	return err
}

func legend(cells [Cells]Role) string {
	var n [5]int
	for _, r := range cells {
		n[r]++
	}
	var parts []string
	for _, r := range []Role{Agent, Red, Blue, Assassin, Bystander} {
		if n[r] > 0 {
			parts = append(parts, fmt.Sprintf("%c %s (%d)", r.Letter(), r, n[r]))
		}
	}
	return strings.Join(parts, "  ") + "\n"
}

// Render writes a card for a person: its code, then the grid of one side for
// Duet (as seen from that side's seat), or the key for classic.
func Render(w io.Writer, c Card, side Side, color bool) error {
	switch k := c.(type) {
	case DuetCard:
		fmt.Fprintf(w, "%s  Duet, side %s (as seen from seat %s)\n", k.Code(), strings.ToUpper(side.String()), strings.ToUpper(side.String()))
		return WriteGrid(w, "", k.Side(side), color)
	case ClassicCard:
		fmt.Fprintf(w, "%s  classic, %s starts (%s lights)\n", k.Code(), k.Start, k.Start)
		return WriteGrid(w, "", k.Cells, color)
	}
	return fmt.Errorf("keycards: cannot render %T", c)
}

// RenderBoth writes a Duet card's two sides next to each other, each as seen from its own seat.
func RenderBoth(w io.Writer, d DuetCard, color bool) error {
	fmt.Fprintf(w, "%s  Duet\n", d.Code())
	return writeGrids(w, []string{"side A", "side B"}, [][Cells]Role{d.A, d.B}, color)
}
