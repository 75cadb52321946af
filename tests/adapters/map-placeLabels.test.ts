// Which place names the map shows: the biggest first, none overlapping another, none under a pin.
import { describe, expect, it } from 'vitest';
import { placeWithoutOverlap } from '../../adapters/map/placeLabels';

interface Place {
  name: string;
  x: number;
  y: number;
}

const project = (place: Place) => ({ x: place.x, y: place.y });
const names = (places: Place[]) => places.map((place) => place.name);

describe('place labels', () => {
  it('keeps the bigger place where two labels would overlap', () => {
    const places: Place[] = [{ name: 'Riyadh', x: 200, y: 100 }, { name: 'Al Olaya', x: 230, y: 110 }, { name: 'Al Malaz', x: 400, y: 100 }];
    expect(names(placeWithoutOverlap(places, project, []))).toEqual(['Riyadh', 'Al Malaz']);
  });

  it('skips a name that would sit under a pin, and keeps the one beside it', () => {
    // A 65 px pin whose tip is at (200, 165): it covers x 167..233, y 100..165.
    const pin = { left: 167, top: 100, right: 233, bottom: 165 };
    const places: Place[] = [{ name: 'Al Olaya', x: 200, y: 120 }, { name: 'Al Wurud', x: 360, y: 120 }];
    expect(names(placeWithoutOverlap(places, project, [pin]))).toEqual(['Al Wurud']);
  });
});
