package codenames

import (
	"fieldkit/engine"
)

// Family is Codenames as `fieldkit referee` finds it (the table server plays
// the same rules through server/codenames; docs/games.md): a "new" event with
// "game":"duet" or "game":"classic" starts one.
var Family = engine.Family{
	Name:  "codenames",
	Games: []string{"duet", "classic"},
	New:   NewReferee,
}

// Referee drives a Session with JSON event lines (engine.Referee). Brief
// leaves the 25 cells out of each state line.
type Referee struct {
	Session Session
	Brief   bool
}

// NewReferee starts a Codenames game from its "new" event line.
func NewReferee(newEvent []byte) (engine.Referee, error) {
	r := &Referee{}
	if err := r.Apply(newEvent); err != nil {
		return nil, err
	}
	return r, nil
}

// Apply implements engine.Referee.
func (r *Referee) Apply(line []byte) error {
	e, err := DecodeEvent(line)
	if err != nil {
		return err
	}
	s, err := r.Session.Apply(e)
	if err != nil {
		return err
	}
	r.Session = s
	return nil
}

// State implements engine.Referee: the View as one JSON line.
func (r *Referee) State(err error) []byte {
	v := r.Session.View()
	if err != nil {
		v.Error = err.Error()
	}
	if r.Brief {
		v.Cells = nil
	}
	return v.JSON()
}

// SetBrief implements engine.Briefer.
func (r *Referee) SetBrief(brief bool) { r.Brief = brief }
