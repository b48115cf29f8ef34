package missionmap

import (
	"strings"
	"unicode"
)

// Cities is the built-in list of real world cities that generated maps are
// named from, each as its own people write it, diacritics kept.
//
// The list is append-only: a generated map picks its cities by position in the
// list, so generator version 1 uses exactly the first citiesV1 entries forever.
var Cities = []string{
	// Europe
	"Praha", "Brno", "Plzeň", "Ostrava", "Kraków", "Gdańsk", "Wrocław", "Łódź",
	"Poznań", "Warszawa", "Bratislava", "Košice", "Budapest", "Debrecen", "Wien", "Graz",
	"Salzburg", "Zürich", "Genève", "Bern", "Basel", "München", "Köln", "Düsseldorf",
	"Hamburg", "Leipzig", "Dresden", "Nürnberg", "Lübeck", "København", "Aarhus", "Malmö",
	"Göteborg", "Stockholm", "Uppsala", "Oslo", "Bergen", "Tromsø", "Trondheim", "Helsinki",
	"Tampere", "Reykjavík", "Tallinn", "Tartu", "Rīga", "Vilnius", "Kaunas", "Kyiv",
	"Lviv", "Odesa", "Sofia", "Plovdiv", "Beograd", "Novi Sad", "Zagreb", "Split",
	"Dubrovnik", "Ljubljana", "Sarajevo", "Mostar", "Skopje", "Tiranë", "Athína", "Thessaloníki",
	"İstanbul", "Ankara", "İzmir", "Lisboa", "Porto", "Coimbra", "Sevilla", "Córdoba",
	"Granada", "Málaga", "València", "Barcelona", "Bilbao", "Zaragoza", "Paris", "Lyon",
	"Marseille", "Toulouse", "Nice", "Bordeaux", "Strasbourg", "Bruxelles", "Antwerpen", "Liège",
	"Amsterdam", "Rotterdam", "Utrecht", "Luxembourg", "London", "Edinburgh", "Glasgow", "Dublin",
	"Cork", "Cardiff", "Roma", "Milano", "Napoli", "Torino", "Venezia", "Firenze",
	"Bologna", "Palermo", "Valletta", "Monaco",
	// The Americas
	"New York", "Boston", "Chicago", "San Francisco", "Los Angeles", "Seattle", "New Orleans", "Toronto",
	"Montréal", "Québec", "Vancouver", "Anchorage", "Nuuk", "Honolulu", "Guadalajara", "Oaxaca",
	"Mérida", "La Habana", "San José", "Panamá", "Bogotá", "Medellín", "Cartagena", "Quito",
	"Lima", "Cusco", "La Paz", "Santiago", "Valparaíso", "Buenos Aires", "Rosario", "Mendoza",
	"Montevideo", "Asunción", "São Paulo", "Rio de Janeiro", "Salvador", "Recife", "Brasília", "Manaus",
	"Belém", "Curitiba", "Porto Alegre", "Caracas",
	// Africa
	"Dakar", "Bamako", "Tombouctou", "Accra", "Lagos", "Kinshasa", "Nairobi", "Mombasa",
	"Addis Abeba", "Zanzibar", "Kampala", "Kigali", "Luanda", "Windhoek", "Cape Town", "Durban",
	"Maputo", "Antananarivo", "Marrakech", "Fès", "Rabat", "Tanger", "Alger", "Tunis",
	"Alexandria", "Luxor", "Khartoum",
	// Asia and Oceania
	"Kyōto", "Ōsaka", "Sapporo", "Nagasaki", "Hiroshima", "Seoul", "Busan", "Beijing",
	"Xi'an", "Chengdu", "Guangzhou", "Harbin", "Lhasa", "Taipei", "Manila", "Cebu",
	"Hanoi", "Sài Gòn", "Phnom Penh", "Vientiane", "Yangon", "Kuala Lumpur", "Penang", "Jakarta",
	"Denpasar", "Yogyakarta", "Kathmandu", "Delhi", "Kolkata", "Chennai", "Bengaluru", "Jaipur",
	"Varanasi", "Colombo", "Dhaka", "Karachi", "Lahore", "Kabul", "Samarqand", "Almaty",
	"Bishkek", "Ulaanbaatar", "Tbilisi", "Yerevan", "Bakı", "Isfahan", "Shiraz", "Muscat",
	"Doha", "Amman", "Beirut", "Novosibirsk", "Irkutsk", "Vladivostok", "Murmansk", "Melbourne",
	"Perth", "Auckland", "Wellington", "Brisbane", "Hobart", "Suva", "Nouméa", "Papeete",
}

// citiesV1 is how many of Cities generator version 1 draws from. Never change it.
const citiesV1 = 243

// MaxNameRunes is the longest city name a label holds.
const MaxNameRunes = 16

// foldRune maps the letters with diacritics used in city names to ASCII.
var foldRune = map[rune]string{
	'á': "a", 'à': "a", 'â': "a", 'ä': "a", 'ã': "a", 'å': "a", 'ą': "a", 'ā': "a",
	'ć': "c", 'č': "c", 'ç': "c", 'ď': "d", 'é': "e", 'è': "e", 'ê': "e", 'ë': "e",
	'ě': "e", 'ę': "e", 'ē': "e", 'í': "i", 'ì': "i", 'î': "i", 'ï': "i", 'ı': "i",
	'ī': "i", 'ł': "l", 'ľ': "l", 'ń': "n", 'ñ': "n", 'ň': "n", 'ó': "o", 'ò': "o",
	'ô': "o", 'ö': "o", 'õ': "o", 'ő': "o", 'ø': "o", 'ō': "o", 'ř': "r", 'ś': "s",
	'š': "s", 'ş': "s", 'ť': "t", 'ú': "u", 'ù': "u", 'û': "u", 'ü': "u", 'ů': "u",
	'ű': "u", 'ū': "u", 'ý': "y", 'ź': "z", 'ż': "z", 'ž': "z", 'æ': "ae", 'ß': "ss",
	'ğ': "g",
}

// Slug returns an ASCII id for a city name: lower case letters and digits,
// words joined by hyphens, diacritics dropped ("São Paulo" -> "sao-paulo").
func Slug(name string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(name) {
		switch {
		case r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)):
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
		case foldRune[r] != "":
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteString(foldRune[r])
		case unicode.Is(unicode.Mn, r) || r == '\'' || r == '’':
			// combining marks and apostrophes vanish: "Xi'an" -> "xian"
		default:
			dash = true
		}
	}
	return b.String()
}
