// The help centre's init call (SPEC.md §7): the widget URL for a vendor's help-centre token.
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';

const text = (maxLength: number) => Type.String({ maxLength });

/** POST /help-centre-service/conditions-api/v1/init body (only the token is required). */
export const HelpCentreInitBody = StrictObject({
  user_id: Type.Optional(text(128)),
  email: Type.Optional(text(254)),
  guest: Type.Optional(Type.Boolean()),
  name: Type.Optional(text(200)),
  brand: Type.Optional(text(32)),
  global_entity_id: Type.Optional(text(64)),
  country: Type.Optional(text(8)),
  locale: Type.Optional(text(16)),
  app_version: Type.Optional(text(64)),
  verification_token: Type.String({ minLength: 1, maxLength: 4096, description: 'GET /vendor/{id}/hc_jwt_token' }),
  bridge: Type.Optional(text(64)),
  service_type: Type.Optional(text(64)),
});
export type HelpCentreInitBody = Static<typeof HelpCentreInitBody>;

/** Its answer: not in a `result` envelope (SPEC.md §7). */
export const HelpCentreWidget = Type.Object({ url: Type.String({ description: 'The widget page to open.' }) });
export type HelpCentreWidget = Static<typeof HelpCentreWidget>;
