// Account routes (API.md "Account"): registration, sign-in and its renewal, sign-out, password reset
// and guest sessions. Failures name identity-provider codes (NotAuthorizedException...) in `message`.
import { Type, type Static } from 'typebox';
import { StrictObject } from './envelope';

const EmailAddress = Type.String({ minLength: 3, maxLength: 254 });
const Password = Type.String({ minLength: 1, maxLength: 256 });

/** POST /register body. */
export const RegistrationBody = StrictObject({
  email_address: EmailAddress,
  password: Password,
  vendor_name: Type.String({ maxLength: 200 }),
  vendor_code: Type.String({ minLength: 1, maxLength: 64 }),
  phone_number: Type.String({ maxLength: 32 }),
  terms_accepted: Type.Boolean(),
});
export type RegistrationBody = Static<typeof RegistrationBody>;

/** POST /register answer: the new account, waiting for its address to be verified. */
export const Registration = Type.Object({ user_id: Type.String() });
export type Registration = Static<typeof Registration>;

/** GET /register/verify?token= (the mailed link). */
export const VerificationQuery = Type.Object({ token: Type.Optional(Type.String({ maxLength: 200 })) });

/** POST /login body. */
export const LoginBody = StrictObject({ email_address: EmailAddress, password: Password });
export type LoginBody = Static<typeof LoginBody>;

export const AuthUser = Type.Object({ id: Type.String(), email: Type.String(), email_verified: Type.Optional(Type.Boolean()) });
export type AuthUser = Static<typeof AuthUser>;

/** POST /login answer: the user and the session's tokens. */
export const LoginResult = Type.Object({
  user: AuthUser,
  AccessToken: Type.String(),
  IdToken: Type.String(),
  RefreshToken: Type.String(),
  Expires: Type.Integer({ description: 'Unix seconds.' }),
});
export type LoginResult = Static<typeof LoginResult>;

/** POST /login/extend body. */
export const ExtendSessionBody = StrictObject({ refresh_token: Type.String({ minLength: 1, maxLength: 512 }) });

export const ExtendedSession = Type.Object({ AccessToken: Type.String(), IdToken: Type.String(), ExpiresIn: Type.Integer({ description: 'Seconds.' }) });
export type ExtendedSession = Static<typeof ExtendedSession>;

/** POST /login/extend answer. */
export const SessionExtension = Type.Object({ AuthenticationResult: ExtendedSession });
export type SessionExtension = Static<typeof SessionExtension>;

/** POST /logout body: `{}` (every session of the account ends); a refresh token is accepted and ignored. */
export const LogoutBody = StrictObject({ refresh_token: Type.Optional(Type.String({ maxLength: 512 })) });

/** POST /password/forgot and POST /register/resend body. */
export const EmailAddressBody = StrictObject({ email_address: EmailAddress });

/** POST /password/reset body. */
export const PasswordResetBody = StrictObject({ email_address: EmailAddress, code: Type.String({ maxLength: 16 }), password: Password });

/** `{result: true}`: the answer of the calls that only acknowledge. */
export const Done = Type.Literal(true);

/** POST /guest/session body. */
export const GuestSessionBody = StrictObject({
  name: Type.String({ minLength: 1, maxLength: 200 }),
  email: Type.String({ maxLength: 254 }),
  phone_number: Type.String({ maxLength: 32 }),
  country_code: Type.String({ minLength: 2, maxLength: 2 }),
});
export type GuestSessionBody = Static<typeof GuestSessionBody>;

/** POST /guest/session answer. */
export const GuestSession = Type.Object({ token: Type.String(), expires: Type.Integer({ description: 'Unix seconds.' }) });
export type GuestSession = Static<typeof GuestSession>;
