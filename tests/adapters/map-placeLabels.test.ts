// Which place names the map shows: the biggest first, none overlapping another, none under a pin.
import { describe, expect, it } from 'vitest';
import { placeCandidates, placeWithoutOverlap } from '../../adapters/map/placeLabels';

interface Place {
  name: string;
  x: number;
  y: number;
}

const project = (place: Place) => ({ x: place.x, y: place.y });
const names = (placed: { candidate: Place }[]) => placed.map(({ candidate }) => candidate.name);

describe('place labels', () => {
  it('gives the bigger place the spot below its point; a smaller one it would overlap moves aside', () => {
    const places: Place[] = [{ name: 'Riyadh', x: 200, y: 100 }, { name: 'Al Olaya', x: 230, y: 110 }, { name: 'Al Malaz', x: 600, y: 100 }];
    const placed = placeWithoutOverlap(places, project, []);
    expect(names(placed)).toEqual(['Riyadh', 'Al Olaya', 'Al Malaz']);
    expect(placed.map(({ offset }) => offset[0] === 0 && offset[1] > 0)).toEqual([true, false, true]);
  });

  it('moves a name that would sit under a pin beside the pin', () => {
    // A 65 px pin whose tip is at (200, 165): it covers x 167..233, y 100..165.
    const pin = { left: 167, top: 100, right: 233, bottom: 165 };
    const [olaya] = placeWithoutOverlap([{ name: 'Al Olaya', x: 200, y: 160 }], project, [pin]);
    expect(olaya?.offset).not.toEqual([0, 4]);
    const [dx = 0, dy = 0] = olaya?.offset ?? [];
    const box = { left: 200 + dx - 55, right: 200 + dx + 55, top: 160 + dy, bottom: 160 + dy + 22 };
    expect(box.right <= pin.left || box.left >= pin.right || box.bottom <= pin.top || box.top >= pin.bottom).toBe(true);
  });

  it('drops a name with no free spot around it', () => {
    const everywhere = { left: -1000, top: -1000, right: 1000, bottom: 1000 };
    expect(placeWithoutOverlap([{ name: 'Al Olaya', x: 200, y: 160 }], project, [everywhere])).toEqual([]);
  });
});

describe('places read from the rendered tiles', () => {
  const point = (lng: number, lat: number) => ({ type: 'Point', coordinates: [lng, lat] });

  it('names a place two tiles both answer once, biggest place first, in the page’s language', () => {
    // Al Olaya sits in the buffers of two tiles, which decode it a hair apart; the id is the same.
    const features = [
      { id: 2, properties: { name: 'Al Olaya', name_ar: 'العليا', population: 0, rank: 5 }, geometry: point(46.683, 24.699) },
      { id: 1, properties: { name: 'Riyadh', name_ar: 'الرياض', population: 4_205_961, rank: 1 }, geometry: point(46.7219, 24.6877) },
      { id: 2, properties: { name: 'Al Olaya', name_ar: 'العليا', population: 0, rank: 5 }, geometry: point(46.6830001, 24.6989999) },
    ];
    expect(placeCandidates(features, 'en').map(({ name }) => name)).toEqual(['Riyadh', 'Al Olaya']);
    expect(placeCandidates(features, 'ar-SA').map(({ name }) => name)).toEqual(['الرياض', 'العليا']);
  });

  it('keeps two places of the same name apart', () => {
    const features = [
      { id: 7, properties: { name: 'Al Nasim', population: 0 }, geometry: point(46.8, 24.7) },
      { id: 9, properties: { name: 'Al Nasim', population: 0 }, geometry: point(39.2, 21.5) },
    ];
    expect(placeCandidates(features, 'en').map(({ lngLat }) => lngLat)).toEqual([[46.8, 24.7], [39.2, 21.5]]);
  });
});
