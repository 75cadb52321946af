// The vendor's address book of customers (API.md "Geolocation and address book").
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';
import { Latitude, Longitude } from './geo';

export const AddressBookEntry = Type.Object({
  id: Type.String(),
  name: Type.String(),
  phone_number: Type.String(),
  latitude: Type.Number(),
  longitude: Type.Number(),
  /** Comma-separated: unit number, building, then the rest. */
  address: Type.String({ description: 'Comma-separated: unit number, building, then the rest.' }),
  notes: Type.String(),
});
export type AddressBookEntry = Static<typeof AddressBookEntry>;

/** POST /addressbook/{vendorId}. `notes` may be left out by other clients; the browser always sends it. */
export const AddressBookEntryBody = StrictObject({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  phone_number: Type.String({ minLength: 1, maxLength: 32 }),
  latitude: Latitude,
  longitude: Longitude,
  address: Type.String({ minLength: 1, maxLength: 1000 }),
  notes: Type.Optional(Type.String({ maxLength: 2000 })),
});
export type AddressBookEntryBody = Static<typeof AddressBookEntryBody>;

/** GET /addressbook/search-customers/{vendorId}?query */
export const AddressBookSearchQuery = Type.Object({ query: Type.Optional(Type.String({ maxLength: 200 })) });
export type AddressBookSearchQuery = Static<typeof AddressBookSearchQuery>;
