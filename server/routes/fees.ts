// hurrier: POST /delivery/fee, POST /delivery/area/validate, POST /estimations (API.md).
import type { FastifyInstance } from 'fastify';
import type { GeoPoint } from '../../domain/types';
import { assertVendorAccess } from '../auth/tenancy';
import { signFee } from '../fees/signature';
import { estimateMinutes, isDeliverable, priceRoute } from '../fees/pricing';
import { strictObject } from '../http/validation';

const latitude = { type: 'number', minimum: -90, maximum: 90 } as const;
const longitude = { type: 'number', minimum: -180, maximum: 180 } as const;
const point = strictObject({ latitude, longitude });
const vendorId = { type: 'string', minLength: 1, maxLength: 200 } as const;

const feeBody = strictObject({ source: point, destination: point, vendor_id: vendorId, delivery_type: { type: 'string', enum: ['food'] } }, ['source', 'destination', 'vendor_id']);
const areaBody = strictObject({ location: strictObject({ lat: latitude, lng: longitude }), vendor_location: point, vendor_id: vendorId });

interface FeeBody { source: GeoPoint; destination: GeoPoint; vendor_id: string }
interface AreaBody { location: { lat: number; lng: number }; vendor_location: GeoPoint; vendor_id: string }

export async function feeRoutes(app: FastifyInstance): Promise<void> {
  const side = app.orders;

  app.post<{ Body: FeeBody }>('/delivery/fee', { schema: { body: feeBody } }, async (request) => {
    const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
    const { fee } = priceRoute(vendor.country_code, request.body.source, request.body.destination);
    const signed = await signFee(
      { vendorId: vendor.vendor_id, source: request.body.source, destination: request.body.destination, fee },
      { secret: side.config.secrets.feeSigningSecret, ttlSeconds: side.config.feeSignatureTtlS, nowUnix: side.nowUnix() },
    );
    return { result: signed };
  });

  app.post<{ Body: AreaBody }>('/delivery/area/validate', { schema: { body: areaBody } }, async (request) => {
    const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
    const destination = { latitude: request.body.location.lat, longitude: request.body.location.lng };
    return { result: isDeliverable(vendor.country_code, request.body.vendor_location, destination) ? 'DELIVERABLE' : 'UNDELIVERABLE' };
  });

  app.post<{ Body: AreaBody }>('/estimations', { schema: { body: areaBody } }, async (request) => {
    const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
    const destination = { latitude: request.body.location.lat, longitude: request.body.location.lng };
    const { distanceKm } = priceRoute(vendor.country_code, request.body.vendor_location, destination);
    return { result: estimateMinutes(vendor.country_code, vendor.estimation_pick_up_time, distanceKm) };
  });
}
