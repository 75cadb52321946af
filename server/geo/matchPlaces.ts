// Autocomplete matching and ranking over gazetteer entries (pure, no I/O).
import { distance } from 'geokdbush';
import type { GazetteerEntry } from './gazetteerIndex';
import { phraseKey, searchTokens } from './searchKeys';

export interface MatchQuery {
  query: string;
  bias?: { latitude: number; longitude: number };
  limit: number;
}

/** A whole-name prefix ("al ol" for "Al Olaya") beats words matched anywhere ("olaya riyadh"). */
const enum MatchTier {
  Words = 1,
  WholeName = 2,
}

function matchTier(entry: GazetteerEntry, phrase: string, tokens: string[]): MatchTier | null {
  if (entry.phrases.some((name) => name.startsWith(phrase))) return MatchTier.WholeName;
  let matchedOwnName = false;
  for (const token of tokens) {
    const inName = entry.nameTokens.some((word) => word.startsWith(token));
    if (inName) matchedOwnName = true;
    else if (!entry.contextTokens.some((word) => word.startsWith(token))) return null;
  }
  return matchedOwnName ? MatchTier.Words : null;
}

/**
 * Gravity-like prominence: bigger places rank higher, nearer places much higher when a bias point is
 * given, so a metropolis 800 km away still beats a hamlet 50 km away but a nearby district beats both.
 */
function prominence(entry: GazetteerEntry, bias: MatchQuery['bias']): number {
  const size = Math.log10(entry.population + 1000);
  if (!bias) return size;
  const km = distance(bias.longitude, bias.latitude, entry.longitude, entry.latitude);
  return size - 1.5 * Math.log10(km + 1);
}

export function matchPlaces(entries: Iterable<GazetteerEntry>, q: MatchQuery): GazetteerEntry[] {
  const phrase = phraseKey(q.query);
  const tokens = searchTokens(q.query);
  if (tokens.length === 0) return [];
  const scored: { entry: GazetteerEntry; tier: MatchTier; score: number }[] = [];
  for (const entry of entries) {
    const tier = matchTier(entry, phrase, tokens);
    if (tier !== null) scored.push({ entry, tier, score: prominence(entry, q.bias) });
  }
  scored.sort((a, b) => b.tier - a.tier || b.score - a.score || a.entry.id.localeCompare(b.entry.id));
  return scored.slice(0, q.limit).map(({ entry }) => entry);
}
