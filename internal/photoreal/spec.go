// Package photoreal renders fieldkit tables with a physically based
// renderer (Blender's Cycles) and writes each frame with its ground truth in
// the form the accuracy tests score: scene.Truth for Codenames,
// insidejob.Truth for Inside Job. It is a tool, not part of the test suite:
// cmd/render composes scenes from seeds, exports the printed faces from
// package printgen, runs Blender on render.py, passes the frame through a
// phone or webcam pipeline (pipeline.go) and decides what is legible from
// the render itself (legible.go). See docs/photoreal.md.
package photoreal

// Spec is one scene as render.py reads it. Lengths are table millimetres:
// x to the east, y to the south (seat A's default side), z up.
type Spec struct {
	W        int     `json:"width"`
	H        int     `json:"height"`
	Samples  int     `json:"samples"`
	Threads  int     `json:"threads"`
	Seed     int64   `json:"seed"`
	Exposure float64 `json:"exposure"`
	Out      string  `json:"out"`    // the rendered PNG
	Report   string  `json:"report"` // the marker report render.py writes
	Table    Surface `json:"table"`
	Paper    Paper   `json:"paper"`
	World    World   `json:"world"`
	Pieces   []Piece `json:"pieces"`
	Hands    []Hand  `json:"hands"`
	Lights   []Light `json:"lights"`
	Camera   Camera  `json:"camera"`
	// Probes are table points whose frame positions the report gives.
	Probes [][3]float64 `json:"probes"`
}

// Surface is the table top.
type Surface struct {
	Kind      string     `json:"kind"` // plain, wood or cloth
	Color     [3]float64 `json:"color"`
	Roughness float64    `json:"roughness"`
}

// Paper is the card stock's finish: glossy, satin or matte.
type Paper struct {
	Name      string  `json:"name"`
	Roughness float64 `json:"roughness"`
	Coat      float64 `json:"coat"` // a clear coat's weight, for glossy stock
}

// World is the light of the room around the table.
type World struct {
	Color    [3]float64 `json:"color"`
	Strength float64    `json:"strength"`
}

// Piece is one printed piece: a slab Thick millimetres high whose top face
// shows Texture (a printgen PNG with Bleed millimetres beyond the trim).
type Piece struct {
	Kind    string       `json:"kind"`  // card, token, tent (a standee folded across its middle)
	Shape   string       `json:"shape"` // rect, round or tent
	Texture string       `json:"texture"`
	Bleed   float64      `json:"bleed"`
	W       float64      `json:"w"`
	H       float64      `json:"h"`
	Thick   float64      `json:"thick"`
	X       float64      `json:"x"` // centre
	Y       float64      `json:"y"`
	Z       float64      `json:"z"` // the underside's height
	Angle   float64      `json:"angle"`
	Bend    float64      `json:"bend"` // > 0: the short edges lift this much; < 0: the middle does
	Lean    float64      `json:"lean,omitempty"`
	Rim     [3]float64   `json:"rim"`
	Markers []SpecMarker `json:"markers"`
}

// SpecMarker is a marker printed on a piece's top face: its corners in face
// millimetres, clockwise from the marker's own top-left.
type SpecMarker struct {
	ID      int           `json:"id"`
	Corners [4][2]float64 `json:"corners"`
}

// Hand is an arm reaching over the table: a palm and fingers at Palm, the
// arm leaving toward Angle (table radians) and rising Rise over Arm mm.
type Hand struct {
	Palm    [3]float64 `json:"palm"`
	Angle   float64    `json:"angle"`
	Arm     float64    `json:"arm"`
	Rise    float64    `json:"rise"`
	Color   [3]float64 `json:"color"`
	Sleeve  [3]float64 `json:"sleeve"`
	Sleeved bool       `json:"sleeved"`
}

// Light is a lamp, a window (a large area light) or the sun.
type Light struct {
	Type   string     `json:"type"` // AREA, POINT, SUN
	Pos    [3]float64 `json:"pos"`
	Target [3]float64 `json:"target"`
	Size   float64    `json:"size"`
	Power  float64    `json:"power"`
	Color  [3]float64 `json:"color"`
}

// Camera looks at Target from Tilt degrees off straight down, from the
// direction Azimuth (degrees, table axes: 0 east, 90 south), turned by
// Roll; render.py sets its distance so that Outline's bounding box fills
// Fill of the frame, shifted by Shift (each -1..1 of the slack).
type Camera struct {
	Lens    float64      `json:"lens"` // focal length, 36 mm film equivalent
	Target  [3]float64   `json:"target"`
	Tilt    float64      `json:"tilt"`
	Azimuth float64      `json:"azimuth"`
	Roll    float64      `json:"roll"`
	Fill    float64      `json:"fill"`
	Shift   [2]float64   `json:"shift"`
	Outline [][3]float64 `json:"outline"`
	FStop   float64      `json:"fstop,omitempty"` // 0: no depth of field
	Focus   [3]float64   `json:"focus"`
}

// Report is what render.py found out about the rendered scene.
type Report struct {
	Markers []ReportMarker `json:"markers"`
	Probes  [][2]float64   `json:"probes"`
}

// ReportMarker is one marker as rendered: its corners in frame pixels
// (OpenCV's convention: pixel centres at whole numbers), and how many of
// Rays rays from the camera to it were blocked, the last by what kind of
// object.
type ReportMarker struct {
	Piece   int           `json:"piece"`
	ID      int           `json:"id"`
	Corners [4][2]float64 `json:"corners"`
	Rays    int           `json:"rays"`
	Blocked int           `json:"blocked"`
	By      string        `json:"by"`
}
