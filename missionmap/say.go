package missionmap

import (
	"strings"

	"fieldkit/catalog"
)

// citySlugs are cityIDs by the mission id a map gives each city (Slug of
// its name).
var citySlugs = func() map[string]string {
	m := make(map[string]string, len(cityIDs))
	for name, id := range cityIDs {
		m[Slug(name)] = id
	}
	return m
}()

// CityID returns the catalog id ("cn.city.prague") of a city of the mission
// maps, given the name a map prints it by ("Praha", "Káhira") or its mission
// id ("praha", "kahira"); "" for a city the catalog does not know. Pages and
// prints say the city with it, each in its own language: Praha is Praga on a
// Polish map.
func CityID(nameOrID string) string {
	if id, ok := cityIDs[nameOrID]; ok {
		return id
	}
	return citySlugs[Slug(nameOrID)]
}

// CityMsg returns the message that says a city (see CityID); a city the
// catalog does not know is said by its name as it is.
func CityMsg(nameOrID string) catalog.Msg {
	if id := CityID(nameOrID); id != "" {
		return catalog.M(id)
	}
	return catalog.M("cn.city.other", "name", nameOrID)
}

// Say names the mission's city in the catalog (catalog.Sayable), so
// catalog.Of(ms).In(lang) is the city in lang.
func (m Mission) Say() (string, map[string]any) {
	if id := CityID(m.ID); id != "" {
		return id, nil
	}
	return catalog.Of(CityMsg(m.Name)).Say()
}

// rulebookName is the Name of the rulebook's map; a generated map's is its
// start city's name followed by campaignSuffix.
const (
	rulebookName   = "Rulebook campaign"
	campaignSuffix = " campaign"
)

// Title returns the map's title as a sheet or a page shows it: the
// rulebook's mission map, or the mission map named after its start city.
func (m *Map) Title() catalog.Msg {
	if m.Name == rulebookName {
		return catalog.M("cn.print.map.title.rulebook")
	}
	if city, ok := strings.CutSuffix(m.Name, campaignSuffix); ok && CityID(city) != "" {
		return catalog.M("cn.print.map.title.city", "city", CityMsg(city))
	}
	return catalog.M("cn.print.map.title.custom", "name", m.Name)
}

// Subtitle returns what a sheet prints under the title: for the rulebook's
// map, that fieldkit laid out most of its paths; for a generated map, how
// many missions it has and how a campaign goes.
func (m *Map) Subtitle() catalog.Msg {
	switch m.Note {
	case RulebookNote:
		return catalog.M("cn.print.map.note.rulebook")
	case "":
		return catalog.M("cn.print.map.note.generated", "n", len(m.Missions))
	}
	return catalog.M("cn.print.map.note.custom", "text", m.Note)
}
