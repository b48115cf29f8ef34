package catalog

import (
	"encoding/json"
	"sort"
)

// JSON returns the messages of lang as the pages read them: an object of id
// to text, or to an object of plural forms with "count" naming the argument.
func JSON(lang string) []byte {
	es := Entries(lang)
	ids := make([]string, 0, len(es))
	for id := range es {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	out := make(map[string]any, len(es))
	for _, id := range ids {
		e := es[id]
		if e.Forms == nil {
			out[id] = e.Text
			continue
		}
		f := map[string]string{"count": e.Count}
		for k, v := range e.Forms {
			f[k] = v
		}
		out[id] = f
	}
	b, err := json.Marshal(out) // maps marshal in key order
	if err != nil {
		panic(err) // strings only
	}
	return b
}
