// hurrier: POST /delivery/fee, POST /delivery/area/validate, POST /estimations (API.md).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { DeliveryAreaRequest, DeliveryAreaVerdict, Estimations, DeliveryFeeBody, Result, SignedFee } from '../../domain/api';
import { assertVendorAccess } from '../auth/tenancy';
import { signFee } from '../fees/signature';
import { estimateMinutes, isDeliverable, priceRoute } from '../fees/pricing';
import { errorAnswers } from '../http/openapi';

export async function feeRoutes(fastify: FastifyInstance): Promise<void> {
  // Request types come from the route schemas (domain/api) themselves.
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const side = app.orders;

  app.post('/delivery/fee', {
    schema: { body: DeliveryFeeBody, response: { 200: Result(SignedFee), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
    const { fee } = priceRoute(vendor.country_code, request.body.source, request.body.destination);
    const signed = await signFee(
      { vendorId: vendor.vendor_id, source: request.body.source, destination: request.body.destination, fee },
      { secret: side.config.secrets.feeSigningSecret, ttlSeconds: side.config.feeSignatureTtlS, nowUnix: side.nowUnix() },
    );
    return { result: signed };
  });

  app.post('/delivery/area/validate', {
    schema: { body: DeliveryAreaRequest, response: { 200: Result(DeliveryAreaVerdict), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
    const destination = { latitude: request.body.location.lat, longitude: request.body.location.lng };
    return { result: isDeliverable(vendor.country_code, request.body.vendor_location, destination) ? 'DELIVERABLE' as const : 'UNDELIVERABLE' as const };
  });

  app.post('/estimations', {
    schema: { body: DeliveryAreaRequest, response: { 200: Result(Estimations), ...errorAnswers(400, 401, 403) } },
  }, async (request) => {
    const vendor = await assertVendorAccess(request, side.db, request.body.vendor_id);
    const destination = { latitude: request.body.location.lat, longitude: request.body.location.lng };
    const { distanceKm } = priceRoute(vendor.country_code, request.body.vendor_location, destination);
    return { result: estimateMinutes(vendor.country_code, vendor.estimation_pick_up_time, distanceKm) };
  });
}
