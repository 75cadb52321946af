// The flag service (API.md GET /flags): every flag's variation for a country, a brand and a vendor.
import { Type, type Static } from 'typebox';

export const FlagsQuery = Type.Object({
  country: Type.Optional(Type.String({ maxLength: 8 })),
  brand: Type.Optional(Type.String({ maxLength: 32 })),
  vendor_id: Type.Optional(Type.String({ maxLength: 128, description: 'Vendor-scoped variations: only for callers who reach the vendor.' })),
});
export type FlagsQuery = Static<typeof FlagsQuery>;

/** `{flags: {FlagName: variation}}`: a variation is a boolean, string, number, or a JSON list or object. */
export const FlagsAnswer = Type.Object({ flags: Type.Record(Type.String(), Type.Unknown()) });
