// Geolocation (autocomplete, reverse geocoding, place details) and the vendor's address book.
import type { AddressBookEntry, Place, ReverseGeocodeResult } from '../../../domain/types';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function addressCalls({ data, body }: CallHelpers): AreaCalls<'addresses'> {
  return {
    autocomplete: ({ query, country, language, lat, lng }) =>
      data<Place[]>({ service: 'orders', method: 'GET', path: '/geolocator/autocomplete', query: { query, country, lat, lng, language } }),
    reverseGeocode: (lat, lng, language) =>
      data<ReverseGeocodeResult[]>({ service: 'orders', method: 'GET', path: '/geolocator/reverse', query: { lat, lng, language } }),
    placeDetails: (queryId, language) =>
      data<Place[]>({ service: 'orders', method: 'GET', path: '/geolocator/details', query: { query_id: queryId, language } }),
    searchAddressBook: (vendorId, query) =>
      body<AddressBookEntry[]>({
        service: 'orders',
        method: 'GET',
        path: `/addressbook/search-customers/${segment(vendorId)}`,
        query: { query },
        retries: 1,
      }),
    saveAddressBookEntry: (vendorId, entry) =>
      body<AddressBookEntry>({ service: 'orders', method: 'POST', path: `/addressbook/${segment(vendorId)}`, body: entry }),
  };
}
