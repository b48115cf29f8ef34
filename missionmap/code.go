package missionmap

import (
	"errors"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"

	"fieldkit/codes"
)

// A map code names a map in 15 characters, shown in groups of five:
// "MXXXX-XXXXX-XXXXX". It is short so that the QR code on a sheet stays small and
// coarse (version 1, 21x21 modules) and a phone reads it from across the table.
//
// Characters (values in base 31, the alphabet of key card codes):
//
//	M          the kind: a mission map
//	v          the version: 0 a built-in map, 1 a map of generator version 1
//	o o o      the options: ((missions-12)*100 + hardest)*5 + branchy (0 for built-in maps)
//	s*7        the seed (the built-in map's number for version 0)
//	h h        a check of the map's content (a hash of every name, mission, position and path)
//	c          a check character: sum((i+1)*value(c_i)) over all 15 is divisible by 31
//
// A generated map is stored as its seed and options, not its content: that keeps
// the code tiny, but it means generator version 1 (and the difficulty table it
// uses, and the city list) must never change. The content check catches a
// generator that did change anyway: the code then fails to load rather than
// showing a different map. Content codes (every city, mission, position and path
// spelt out) would need 150-300 characters and a QR code of version 7-12.

// CodeAlphabet is the characters of map codes: digits 2-9 and the letters
// without I, L and O (the key card code alphabet; the code text, check
// character included, is the one codes.Format writes).
const CodeAlphabet = codes.Alphabet

const codeLen = 15

// Errors that ParseCode and Load wrap; test for them with errors.Is.
var (
	ErrCodeChar    = codes.ErrChar
	ErrCodeLength  = errors.New("wrong map code length")
	ErrCodeKind    = errors.New("not a map code")
	ErrCodeCheck   = errors.New("map code does not check out")
	ErrCodeVersion = errors.New("map code from an unknown version")
	ErrCodeRange   = errors.New("map code out of range")
	ErrCodeContent = errors.New("map code does not match the map this version makes")
)

// A Code is what a map code says.
type Code struct {
	Version int     // 0 built-in, 1 generator version 1
	Builtin int     // for version 0: which built-in map (0 the rulebook)
	Options Options // for version 1
	Content int     // the content check, 0..960
}

// String returns the code in its printed form. Version 1 codes print their
// options and seed, other versions their Builtin number.
func (c Code) String() string {
	vals := make([]int, codeLen-1)
	vals[0] = strings.IndexByte(CodeAlphabet, 'M')
	vals[1] = c.Version
	opt, seed := 0, uint64(c.Builtin)
	if c.Version == 1 {
		o := c.Options
		opt = ((o.Missions-MinMissions)*100+o.Hardest)*5 + o.Branchy
		seed = uint64(o.Seed)
	}
	for i := 4; i >= 2; i-- {
		vals[i] = opt % 31
		opt /= 31
	}
	for i := 11; i >= 5; i-- {
		vals[i] = int(seed % 31)
		seed /= 31
	}
	vals[12], vals[13] = c.Content/31, c.Content%31
	return codes.Format(vals)
}

// ParseCode reads a map code; it ignores case, spaces and hyphens and never panics.
func ParseCode(s string) (Code, error) {
	vals, err := codes.Values(s)
	if err != nil {
		return Code{}, err
	}
	if len(vals) == 0 || vals[0] != strings.IndexByte(CodeAlphabet, 'M') {
		return Code{}, fmt.Errorf("%w: %q; map codes start with M", ErrCodeKind, s)
	}
	if len(vals) != codeLen {
		return Code{}, fmt.Errorf("%w: %q has %d characters, a map code has %d", ErrCodeLength, s, len(vals), codeLen)
	}
	if !codes.Checks(vals) {
		return Code{}, fmt.Errorf("%w: %q has a wrong character or two swapped characters", ErrCodeCheck, s)
	}
	c := Code{Version: vals[1], Content: vals[12]*31 + vals[13]}
	opt, seed := 0, uint64(0)
	for _, v := range vals[2:5] {
		opt = opt*31 + v
	}
	for _, v := range vals[5:12] {
		seed = seed*31 + uint64(v)
	}
	switch c.Version {
	case 0:
		if opt != 0 || seed >= uint64(len(builtins)) {
			return Code{}, fmt.Errorf("%w: %q names no built-in map", ErrCodeRange, s)
		}
		c.Builtin = int(seed)
	case 1:
		if seed > 1<<32-1 || opt >= (MaxMissions-MinMissions+1)*100*5 {
			return Code{}, fmt.Errorf("%w: %q has a seed or options beyond those of version 1", ErrCodeRange, s)
		}
		c.Options = Options{Seed: uint32(seed), Missions: MinMissions + opt/500, Hardest: opt / 5 % 100, Branchy: opt % 5}
	default:
		return Code{}, fmt.Errorf("%w: %q is a version %d map code; this fieldkit reads versions 0 and 1 (a newer fieldkit made it?)", ErrCodeVersion, s, c.Version)
	}
	return c, nil
}

// contentCheck hashes what a sheet shows of m (names, missions, positions in
// map units, paths) to 0..960.
func contentCheck(m *Map) int {
	h := fnv.New64a()
	for _, ms := range m.Missions {
		p := unitPos(ms)
		fmt.Fprintf(h, "%s|%s|%d|%d|%d|%d\n", ms.ID, ms.Name, ms.Turns, ms.Mistakes, p.x, p.y)
	}
	paths := make([]string, len(m.Paths))
	for i, p := range m.Paths {
		a, b := p[0], p[1]
		if a > b {
			a, b = b, a
		}
		paths[i] = a + "-" + b
	}
	sort.Strings(paths)
	fmt.Fprintf(h, "%s|%s\n", m.Start, strings.Join(paths, ","))
	return int(h.Sum64() % (31 * 31))
}

// New generates a map from opts with generator version 1 and its difficulty
// table (TableV1) and gives it its code.
func New(opts Options) (*Map, error) {
	t, err := TableV1()
	if err != nil {
		return nil, err
	}
	m, err := Generate(opts, t)
	if err != nil {
		return nil, err
	}
	m.Code = Code{Version: 1, Options: opts, Content: contentCheck(m)}.String()
	return m, nil
}

// Load returns the map a code names: "rulebook" or a map code.
func Load(code string) (*Map, error) {
	if strings.EqualFold(strings.TrimSpace(code), "rulebook") {
		return Rulebook()
	}
	c, err := ParseCode(code)
	if err != nil {
		return nil, err
	}
	var m *Map
	switch c.Version {
	case 0:
		m, err = builtins[c.Builtin]()
	default:
		m, err = New(c.Options)
	}
	if err != nil {
		return nil, err
	}
	if contentCheck(m) != c.Content {
		return nil, fmt.Errorf("%w: %q; it was made by a different build of the generator, so this fieldkit would show another map", ErrCodeContent, code)
	}
	return m, nil
}
