// Places the in-memory geolocator suggests, matched by what was typed (Riyadh districts of the gazetteer).
import type { Place } from '../../domain/types';

export const OLAYA_STREET: Place = {
  address: { id: 'riyadh-olaya-street', formatted_address: 'Olaya Street, Al Olaya, Riyadh', latitude: 24.6905, longitude: 46.6851 },
};

export const DEMO_PLACES: readonly Place[] = [
  OLAYA_STREET,
  { address: { id: 'riyadh-olaya-towers', formatted_address: 'Olaya Towers, Al Olaya, Riyadh', latitude: 24.6969, longitude: 46.6842 } },
  { address: { id: 'riyadh-tahlia', formatted_address: 'Tahlia Street, As Sulimaniyah, Riyadh', latitude: 24.6995, longitude: 46.6783 } },
  { address: { id: 'riyadh-malqa', formatted_address: 'Anas Ibn Malik Road, Al Malqa, Riyadh', latitude: 24.8106, longitude: 46.6185 } },
];
