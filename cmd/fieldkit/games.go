package main

import (
	"fieldkit/engine"
	"fieldkit/engine/codenames"
)

// families are the games fieldkit knows: one line per game family. The
// referee, and through it the table server, find a game here by the name a
// "new" event gives.
var families = engine.Families{
	codenames.Family,
}
