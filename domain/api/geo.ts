// Coordinates as they cross the wire (API.md).
import { Type, type Static, type TSchema } from 'typebox';
import { StrictObject } from './envelope';

export const Latitude = Type.Number({ minimum: -90, maximum: 90 });
export const Longitude = Type.Number({ minimum: -180, maximum: 180 });

/** `{latitude, longitude}` */
export const WirePoint = StrictObject({ latitude: Latitude, longitude: Longitude });

/** A place suggestion (GET /geolocator/autocomplete, GET /geolocator/details). */
export const Place = Type.Object({
  address: Type.Object({
    id: Type.String({ description: 'The `query_id` of GET /geolocator/details.' }),
    formatted_address: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
  }),
});
export type Place = Static<typeof Place>;

/** GET /geolocator/reverse: an address at a point, with its parts. */
export const ReverseGeocodeResult = Type.Object({
  address: Type.Object({
    formatted_address: Type.String(),
    latitude: Type.Number(),
    longitude: Type.Number(),
    city: Type.String(),
    country_code: Type.String(),
    zipcode: Type.String(),
    street: Type.String(),
    number: Type.String(),
  }),
});
export type ReverseGeocodeResult = Static<typeof ReverseGeocodeResult>;

/** `{data: T[]}`: the geolocator's answers (API.md). */
export const DataList = <T extends TSchema>(item: T) => Type.Object({ data: Type.Array(item) });

const Language = Type.String({ maxLength: 16 });

export const AutocompleteQueryString = Type.Object({
  query: Type.String({ minLength: 1, maxLength: 200 }),
  country: Type.Optional(Type.String({ maxLength: 2 })),
  lat: Type.Optional(Latitude),
  lng: Type.Optional(Longitude),
  language: Type.Optional(Language),
}, { description: "Text that reads 'lat,lng' is reverse geocoded first." });
export type AutocompleteQueryString = Static<typeof AutocompleteQueryString>;

export const ReverseGeocodeQuery = Type.Object({ lat: Latitude, lng: Longitude, language: Type.Optional(Language) });
export type ReverseGeocodeQuery = Static<typeof ReverseGeocodeQuery>;

export const PlaceDetailsQuery = Type.Object({ query_id: Type.String({ minLength: 1, maxLength: 200 }), language: Type.Optional(Language) });
export type PlaceDetailsQuery = Static<typeof PlaceDetailsQuery>;
