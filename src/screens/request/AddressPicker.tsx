import { useActorRef, useSelector } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import type { AddressBookEntry, Place } from '../../../domain/types';
import { LIMITS } from '../../../domain';
import { AddressInput } from '../../components/AddressInput';
import { MapView, type MapViewMarker, type MapViewPolygon } from '../../components/map/MapView';
import { fitView } from '../../components/orders/fitView';
import { useT } from '../../i18n/useT';
import type { MarkerKind } from '../../../adapters/map/mapPort';
import { provideAddressSearchMachine, type RequestEffects, type RequestServices } from './requestMachineProvider';
import { inspectOptions } from '../../app/inspector';
import { isOn, useFlags } from '../../app/flags/FlagsContext';

export interface PickedAddress {
  text: string;
  latitude: number;
  longitude: number;
  /** Set when the pick was a saved address-book entry (its customer comes along). */
  entry?: AddressBookEntry;
}

interface Props {
  label: string;
  services: RequestServices;
  effects: Pick<RequestEffects, 'toast'>;
  country: string;
  vendorId: string | null;
  addressBookEnabled: boolean;
  /** The address chosen so far; the map shows it. */
  selected: PickedAddress | null;
  /** Where the map looks before anything is chosen. */
  fallbackCentre: { latitude: number; longitude: number };
  /** Bias suggestions near this point (the collection point). */
  near?: { latitude: number; longitude: number } | null;
  markerKind: MarkerKind;
  onPicked: (address: PickedAddress) => void;
  /** When given, a dropped marker is handed over instead of being reverse geocoded here. */
  onMarkerDropped?: (point: { latitude: number; longitude: number }) => void;
  /** Typing clears a chosen location where the form asks for it (collection points). */
  onTyped?: (text: string) => void;
  error?: string | null;
  mapZoom?: number;
  /** How close the map looks before an address is chosen. */
  fallbackZoom?: number;
  disabled?: boolean;
  /** Shown but not yet usable: the field cannot be typed in and the marker not dragged. */
  readOnly?: boolean;
  /** Areas drawn under the marker (the vendor's delivery area when DrawDeliveryAreas is on). */
  polygons?: readonly MapViewPolygon[];
  /** The other end of the trip (the collection point, for the drop-off): once an address is picked
   * the map shows both pins and the line between them, framed together. */
  companion?: { latitude: number; longitude: number; label: string; kind: MarkerKind } | null;
}

/** An address search field over a map with a draggable marker (SPEC §2): suggestions debounced by the
 * address search machine, the marker reverse geocoded where it is dropped. */
export function AddressPicker(props: Props) {
  const { services, effects, country, vendorId, addressBookEnabled, selected, near = null, onPicked } = props;
  const t = useT();
  // The machine lives as long as the field; a dropped marker reaches the latest callback.
  const latestOnPicked = useRef(onPicked);
  // Flags can arrive after the field: each search reads the flag as it is then.
  const googleAutocomplete = isOn(useFlags(), 'GoogleAutocomplete');
  const latestGoogleAutocomplete = useRef(googleAutocomplete);
  useEffect(() => {
    latestOnPicked.current = onPicked;
    latestGoogleAutocomplete.current = googleAutocomplete;
  });
  const machine = useMemo(() => {
    const picked = (_: unknown, params: { place: Place }) =>
      latestOnPicked.current({
        text: params.place.address.formatted_address,
        latitude: params.place.address.latitude,
        longitude: params.place.address.longitude,
      });
    return provideAddressSearchMachine(services, effects, { googleAutocomplete: () => latestGoogleAutocomplete.current }).provide({
      actions: { pointResolved: picked, placeResolved: picked },
    });
  }, [services, effects]);
  const actor = useActorRef(machine, { ...inspectOptions(), input: { query: selected?.text ?? '', country, vendorId, near, addressBookEnabled } });
  const search = useSelector(actor, (snapshot) => snapshot.context);
  const loading = useSelector(
    actor,
    (snapshot) => snapshot.matches('debouncing') || snapshot.matches('searching') || snapshot.matches('reversing') || snapshot.matches('resolving'),
  );

  // The chosen address is what the field shows (after a pick, a drag or an edited order loading).
  const selectedText = selected?.text ?? null;
  useEffect(() => {
    if (selectedText !== null) actor.send({ type: 'query.set', query: selectedText });
  }, [actor, selectedText]);
  useEffect(() => {
    actor.send({ type: 'context.changed', vendorId, near, addressBookEnabled });
  }, [actor, vendorId, near, addressBookEnabled]);

  const centre = selected ?? props.fallbackCentre;
  const { companion } = props;
  const trip = selected && companion ? { from: { lng: companion.longitude, lat: companion.latitude }, to: { lng: selected.longitude, lat: selected.latitude } } : null;
  const markers: MapViewMarker[] = selected
    ? [
        ...(trip && companion ? [{ id: 'companion', kind: companion.kind, lngLat: trip.from, label: companion.label }] : []),
        { id: 'picked', kind: props.markerKind, lngLat: { lng: selected.longitude, lat: selected.latitude }, draggable: !props.disabled && !props.readOnly, label: selected.text },
      ]
    : [];
  const shapes = useMemo<readonly MapViewPolygon[] | undefined>(() => {
    if (!trip) return props.polygons;
    const line: MapViewPolygon = { id: 'trip-line', geometry: { type: 'LineString', coordinates: [[trip.from.lng, trip.from.lat], [trip.to.lng, trip.to.lat]] } };
    return [...(props.polygons ?? []), line];
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the trip's four numbers are its identity
  }, [props.polygons, trip?.from.lng, trip?.from.lat, trip?.to.lng, trip?.to.lat]);
  // Both ends in view (framed for a phone-wide map, so a wider one only shows more around them).
  const tripView = trip ? fitView([trip.from, trip.to], { width: 320, height: 220 }, props.mapZoom ?? LIMITS.mapZoom.addressPicker) : null;

  return (
    <>
      <AddressInput
        label={props.label}
        query={search.query}
        onQueryChange={(query) => {
          actor.send({ type: 'query.changed', query });
          props.onTyped?.(query);
        }}
        addressBookResults={search.addressBook}
        places={search.places}
        searched={search.searched}
        loading={loading}
        onSelectAddressBook={(entry) => {
          actor.send({ type: 'query.set', query: entry.address });
          onPicked({ text: entry.address, latitude: entry.latitude, longitude: entry.longitude, entry });
        }}
        onSelectPlace={(place) => actor.send({ type: 'place.chosen', place })}
        placesBy={search.placesBy}
        error={props.error}
        placeholder={t('request.address.placeholder')}
        readOnly={props.readOnly}
      />
      <MapView
        center={tripView?.center ?? { lng: centre.longitude, lat: centre.latitude }}
        zoom={tripView?.zoom ?? (selected ? (props.mapZoom ?? LIMITS.mapZoom.addressPicker) : (props.fallbackZoom ?? LIMITS.mapZoom.collectionPointWithParentVendor))}
        markers={markers}
        polygons={shapes}
        height={220}
        description={selected?.text ?? props.label}
        onDragEnd={(_id, lngLat) => {
          const point = { latitude: lngLat.lat, longitude: lngLat.lng };
          if (props.onMarkerDropped) props.onMarkerDropped(point);
          else actor.send({ type: 'point.dragged', ...point });
        }}
      />
    </>
  );
}
