// Coordinates as they cross the wire (API.md).
import { Type } from 'typebox';
import { StrictObject } from './envelope';

export const Latitude = Type.Number({ minimum: -90, maximum: 90 });
export const Longitude = Type.Number({ minimum: -180, maximum: 180 });

/** `{latitude, longitude}` */
export const WirePoint = StrictObject({ latitude: Latitude, longitude: Longitude });
