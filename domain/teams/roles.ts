// Team roles per vendor or outlet (issue #27 "Teams, roles and audit"): what each role may do,
// as one table read by the server's tenancy layer (every route names its capability) and by the
// app (it hides what the role cannot do). Pure: no I/O.

/** Strongest first: the order `strongestRole` and the role select use. */
export const ROLES = ['owner', 'manager', 'dispatcher', 'viewer'] as const;
export type Role = (typeof ROLES)[number];

/** What a route or a screen needs of the caller's role on the vendor it touches. */
export const CAPABILITIES = [
  /** Track orders, history, order details, the live updates: every role. */
  'orders.view',
  /** Quote, request (place) and edit an order, the address book and saved templates. */
  'orders.place',
  'orders.cancel',
  'bulk',
  /** The vendor's own address and its outlets (collection points). */
  'collectionPoints',
  'exports',
  'insights',
  'webhooks',
  /** Which events e-mail or text the recipient. */
  'notificationSettings',
  'apiKeys',
  /** Members and invitations. */
  'team',
  'audit',
] as const;
export type Capability = (typeof CAPABILITIES)[number];

const EVERY_ROLE: readonly Role[] = ROLES;
const WHO_ORDERS: readonly Role[] = ['owner', 'manager', 'dispatcher'];
const MANAGERS: readonly Role[] = ['owner', 'manager'];
const OWNERS: readonly Role[] = ['owner'];

/**
 * The table: Owner everything (billing, team); Manager orders, collection points, bulk,
 * exports, webhooks (and the reports and settings beside them, and the audit trail); Dispatcher
 * request, track, cancel; Viewer track and history only. API keys act for the whole account, so
 * only owners hand them out.
 */
export const ROLES_WITH: Readonly<Record<Capability, readonly Role[]>> = {
  'orders.view': EVERY_ROLE,
  'orders.place': WHO_ORDERS,
  'orders.cancel': WHO_ORDERS,
  bulk: MANAGERS,
  collectionPoints: MANAGERS,
  exports: MANAGERS,
  insights: MANAGERS,
  webhooks: MANAGERS,
  notificationSettings: MANAGERS,
  apiKeys: OWNERS,
  team: OWNERS,
  audit: MANAGERS,
};

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}

export function isCapability(value: unknown): value is Capability {
  return typeof value === 'string' && (CAPABILITIES as readonly string[]).includes(value);
}

export function roleCan(role: Role | undefined, capability: Capability): boolean {
  return role !== undefined && ROLES_WITH[capability].includes(role);
}

/** Everything a role may do, in CAPABILITIES order (the account answer sends it to the app). */
export function capabilitiesOf(role: Role): Capability[] {
  return CAPABILITIES.filter((capability) => roleCan(role, capability));
}

/**
 * A member linked twice to the same outlet (directly, and through its parent) holds the stronger
 * of the two roles: a head-office manager stays a manager at every outlet.
 */
export function strongestRole(roles: readonly Role[]): Role | undefined {
  return ROLES.find((role) => roles.includes(role));
}

/** Members whose role or status may change without leaving the vendor with no active owner. */
export interface MemberLink { accountId: string; vendorId: string; role: Role; active: boolean }

/**
 * Whether `change` would leave no active owner among `links` (the owners of one vendor, its
 * parent's included): the last owner can be neither demoted, suspended nor removed.
 */
export function leavesNoOwner(links: readonly MemberLink[], change: { accountId: string; vendorId: string; role?: Role; active?: boolean; removed?: boolean }): boolean {
  const after = links.flatMap((link) => {
    if (link.accountId !== change.accountId || link.vendorId !== change.vendorId) return [link];
    if (change.removed) return [];
    return [{ ...link, role: change.role ?? link.role, active: change.active ?? link.active }];
  });
  const owners = (list: readonly MemberLink[]) => new Set(list.filter((link) => link.role === 'owner' && link.active).map((link) => link.accountId)).size;
  return owners(links) > 0 && owners(after) === 0;
}

/** Invitation links live 72 hours (the issue). */
export const INVITATION_TTL_S = 72 * 3600;

export function invitationExpired(expiresAtS: number, nowS: number): boolean {
  return nowS >= expiresAtS;
}
