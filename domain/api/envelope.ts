// API.md's envelopes and its one error shape, as schemas the routes and the OpenAPI document share.
import { Type, type Static, type TSchema } from 'typebox';

/** `{result: T}`: the answer of most routes (API.md). */
export const Result = <T extends TSchema>(result: T) => Type.Object({ result });

/** `{body: T}`: the address book's and the bulk jobs' answer (API.md). */
export const Body = <T extends TSchema>(body: T) => Type.Object({ body });

/** API.md "Conventions": every failure, whatever its status. */
export const ApiErrorBody = Type.Object(
  {
    status: Type.Integer(),
    message: Type.String({ description: 'A translation key or an identity-provider code.' }),
    errors: Type.Array(
      Type.Object({
        code: Type.String(),
        field: Type.Optional(Type.String()),
        meta: Type.Optional(Type.Object({ translation_key: Type.Optional(Type.String()) })),
      }),
    ),
  },
  { description: 'API.md error shape' },
);
export type ApiErrorBody = Static<typeof ApiErrorBody>;

/** Path parameter `{vendorId}`. */
export const VendorIdParams = Type.Object({ vendorId: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
export type VendorIdParams = Static<typeof VendorIdParams>;

/** Path parameter `{id}` (a vendor's id, in the vendor routes). */
export const IdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 128 }) }, { additionalProperties: false });
export type IdParams = Static<typeof IdParams>;

/** An object that rejects unknown properties (server/http/validation.ts policy for bodies). */
export const StrictObject: typeof Type.Object = ((properties: Parameters<typeof Type.Object>[0], options?: Parameters<typeof Type.Object>[1]) =>
  Type.Object(properties, { additionalProperties: false, ...options })) as typeof Type.Object;
