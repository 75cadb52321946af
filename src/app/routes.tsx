import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { PublicLayout } from '../shell/PublicLayout';
import { RootLayout } from '../shell/RootLayout';
import { NotFoundScreen } from '../screens/not-found/NotFoundScreen';
import type { RouteAccess } from './access';
import { RouteError } from '../shell/RouteError';
import { chunk } from './lazyChunks';
// The feature screens load as their own chunks: the frame stays small, a chunk that fails to load is
// retried by the app-load machine (lazyChunks.ts), and one that never loads shows the load error.
// The public pages too, landing and sign-in included: each page's first JavaScript carries its own
// screen only, and the phone field (registration) and the long texts stay out of it. The screen of the
// page opened first starts loading at startup, beside the translations (firstScreenAt, main.tsx).
// The signed-in pages' screens and frame load through a small chunk of their importers
// (signedIn/signedInScreens.ts), so their preload lists are not in every public page's entry.
const signedInScreens = () => import('./signedIn/signedInScreens');
const LandingScreen = lazyRouteComponent(chunk('landing', () => import('../screens/landing/LandingScreen')), 'LandingScreen');
const LoginScreen = lazyRouteComponent(chunk('connect', () => import('../screens/login/LoginScreen')), 'LoginScreen');
const MaintenanceScreen = lazyRouteComponent(chunk('maintenance', () => import('../screens/maintenance/MaintenanceScreen')), 'MaintenanceScreen');
const FaqScreen = lazyRouteComponent(chunk('faq', () => import('../screens/faq/FaqScreen')), 'FaqScreen');
const ForgotPasswordScreen = lazyRouteComponent(chunk('forgot-password', () => import('../screens/forgot-password/ForgotPasswordScreen')), 'ForgotPasswordScreen');
const ProhibitedItemsScreen = lazyRouteComponent(chunk('prohibited-items', () => import('../screens/prohibited-items/ProhibitedItemsScreen')), 'ProhibitedItemsScreen');
const RegisterScreen = lazyRouteComponent(chunk('register', () => import('../screens/register/RegisterScreen')), 'RegisterScreen');
const InvitationScreen = lazyRouteComponent(chunk('invitation', () => import('../screens/invitation/InvitationScreen')), 'InvitationScreen');
const TermsScreen = lazyRouteComponent(chunk('terms', () => import('../screens/terms/TermsScreen')), 'TermsScreen');
const BulkOrderScreen = lazyRouteComponent(chunk('bulk-order', async () => (await signedInScreens()).BulkOrderScreen()), 'BulkOrderScreen');
const DeliveryReceiptScreen = lazyRouteComponent(chunk('delivery-receipt', () => import('../screens/public-tracking/DeliveryReceiptScreen')), 'DeliveryReceiptScreen');
const HelpCentreScreen = lazyRouteComponent(chunk('helpcenter', async () => (await signedInScreens()).HelpCentreScreen()), 'HelpCentreScreen');
const InsightsScreen = lazyRouteComponent(chunk('insights', async () => (await signedInScreens()).InsightsScreen()), 'InsightsScreen');
const HistoryScreen = lazyRouteComponent(chunk('history', async () => (await signedInScreens()).HistoryScreen()), 'HistoryScreen');
const OrderTrackingScreen = lazyRouteComponent(chunk('order-tracking', async () => (await signedInScreens()).OrderTrackingScreen()), 'OrderTrackingScreen');
const RequestARiderScreen = lazyRouteComponent(chunk('request-a-rider', async () => (await signedInScreens()).RequestScreen()), 'RequestScreen');
const C2cTrackingScreen = lazyRouteComponent(chunk('tracking-c2c', () => import('../screens/public-tracking/C2cTrackingScreen')), 'C2cTrackingScreen');
const TemplatesScreen = lazyRouteComponent(chunk('templates', async () => (await signedInScreens()).TemplatesScreen()), 'TemplatesScreen');
const RecurringOrdersScreen = lazyRouteComponent(chunk('recurring', async () => (await signedInScreens()).RecurringOrdersScreen()), 'RecurringOrdersScreen');
const DevelopersScreen = lazyRouteComponent(chunk('developers', async () => (await signedInScreens()).DevelopersScreen()), 'DevelopersScreen');
const NotificationSettingsScreen = lazyRouteComponent(chunk('notification-settings', async () => (await signedInScreens()).NotificationSettingsScreen()), 'NotificationSettingsScreen');
const TeamScreen = lazyRouteComponent(chunk('team', async () => (await signedInScreens()).TeamScreen()), 'TeamScreen');
const AuditScreen = lazyRouteComponent(chunk('audit', async () => (await signedInScreens()).AuditScreen()), 'AuditScreen');
const RecipientTrackingScreen = lazyRouteComponent(chunk('tracking', () => import('../screens/tracking/RecipientTrackingScreen')), 'RecipientTrackingScreen');
// The signed-in frame (navigation, account menu, help-centre widget and the dialogs they open, and the
// providers only signed-in pages read) is not part of the public pages a phone opens first.
const SignedInFrame = lazyRouteComponent(chunk('app-shell', async () => (await signedInScreens()).SignedInFrame()), 'SignedInFrame');

/** The screen of each public page a phone opens first (the bundle budget's pages). */
function phoneFirstScreen(pathname: string) {
  if (pathname === '/') return LandingScreen;
  if (pathname === '/connect') return LoginScreen;
  if (pathname.startsWith('/tracking/')) return RecipientTrackingScreen;
  return undefined;
}

/**
 * The screen chunk of the page opened at `pathname`, for the public pages a phone opens first: main.tsx
 * starts it at startup so its download runs beside the translations fetch, not after it.
 */
export function firstScreenAt(pathname: string): Promise<unknown> | undefined {
  return phoneFirstScreen(pathname)?.preload?.();
}

/**
 * The signed-in screens' importers, started at startup (main.tsx) on any page but the three a phone
 * opens first: a signed-in page opened by its address then finds them loaded when its route asks for
 * its frame and screen, which load side by side as before, not one round trip later.
 */
export function signedInScreensAt(pathname: string): Promise<unknown> | undefined {
  return phoneFirstScreen(pathname) ? undefined : preloadSignedInScreens();
}

/** A failed download here is retried by the route's own load, through the app-load machine. */
const preloadSignedInScreens = () => signedInScreens().catch(() => undefined);

export interface RouterContext {
  access: RouteAccess;
}

/** TanStack parses search values as JSON (`?verified=1` is the number 1); ids and flags are read back as text. */
const optionalString = (value: unknown): string | undefined =>
  (typeof value === 'string' && value !== '') || typeof value === 'number' ? String(value) : undefined;

// ---------------------------------------------------------------- root: maintenance and 404

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: NotFoundScreen,
  errorComponent: RouteError,
  beforeLoad: ({ context, location }) => {
    // SPEC §2: under planned or unplanned maintenance every route goes to /maintenance.
    if (context.access.maintenance && location.pathname !== '/maintenance') throw redirect({ to: '/maintenance' });
  },
});

// ---------------------------------------------------------------- public pages

const publicLayout = createRoute({ getParentRoute: () => rootRoute, id: 'public', component: PublicLayout });

const landingRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/',
  beforeLoad: ({ context }) => {
    if (context.access.isAuthenticated) throw redirect({ to: context.access.landingPath });
  },
  // Signing in or starting as a guest leads to a signed-in page: its frame and screen then load side by side.
  onEnter: () => void preloadSignedInScreens(),
  component: LandingScreen,
});

const loginRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/connect',
  validateSearch: (search: Record<string, unknown>): { verified?: string } => ({ verified: optionalString(search.verified) }),
  // Guests may still sign in; a signed-in vendor has nothing to do here.
  beforeLoad: ({ context }) => {
    if (context.access.isAuthenticated && !context.access.isGuest) throw redirect({ to: context.access.landingPath });
  },
  // Signing in or starting as a guest leads to a signed-in page: its frame and screen then load side by side.
  onEnter: () => void preloadSignedInScreens(),
  component: LoginScreen,
});

const registerRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/register',
  beforeLoad: ({ context }) => {
    if (context.access.signUpDeactivated) throw redirect({ to: '/' });
  },
  component: RegisterScreen,
});

const forgotPasswordRoute = createRoute({ getParentRoute: () => publicLayout, path: '/forgot-password', component: ForgotPasswordScreen });
const termsRoute = createRoute({ getParentRoute: () => publicLayout, path: '/termsandconditions', component: TermsScreen });
const prohibitedItemsRoute = createRoute({ getParentRoute: () => publicLayout, path: '/prohibiteditems-c2c', component: ProhibitedItemsScreen });
/** Not in SPEC's route table, but the landing footer links a per-country FAQ page (SPEC §2 screens). */
const faqRoute = createRoute({ getParentRoute: () => publicLayout, path: '/faq', component: FaqScreen });

const trackingSearch = (search: Record<string, unknown>): { t?: string } => ({ t: optionalString(search.t) });
const recipientTrackingRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/tracking/$orderID',
  validateSearch: trackingSearch,
  component: RecipientTrackingScreen,
});
const deliveryReceiptRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/delivery-receipt/$orderID',
  validateSearch: trackingSearch,
  component: DeliveryReceiptScreen,
});
const c2cTrackingRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/tracking-c2c/$orderID',
  validateSearch: trackingSearch,
  component: C2cTrackingScreen,
});

/** The team invitation link the mailer sends (server/teams/routes.ts): open signed in or not. */
const invitationRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/invitation',
  validateSearch: (search: Record<string, unknown>): { token?: string } => ({ token: optionalString(search.token) }),
  component: InvitationScreen,
});

const maintenanceRoute = createRoute({
  getParentRoute: () => publicLayout,
  path: '/maintenance',
  beforeLoad: ({ context }) => {
    if (!context.access.maintenance) throw redirect({ to: '/' });
  },
  component: MaintenanceScreen,
});

// ---------------------------------------------------------------- private pages (guests included)

const privateLayout = createRoute({
  getParentRoute: () => rootRoute,
  id: 'private',
  beforeLoad: ({ context }) => {
    if (!context.access.isAuthenticated) throw redirect({ to: '/' });
  },
  component: SignedInFrame,
});

const requestSearch = (search: Record<string, unknown>): { orderID?: string; again?: string; template?: string } => ({
  orderID: optionalString(search.orderID),
  again: optionalString(search.again),
  template: optionalString(search.template),
});
/** The request page is for roles that place orders; a Viewer lands on the first page its role allows. */
const requestLayout = createRoute({
  getParentRoute: () => privateLayout,
  id: 'request',
  beforeLoad: ({ context }) => {
    if (context.access.mayPlaceOrders === 'refused') throw redirect({ to: context.access.landingPath });
  },
});
const requestRoute = createRoute({ getParentRoute: () => requestLayout, path: '/request-a-rider', validateSearch: requestSearch, component: RequestARiderScreen });
const requestForVendorRoute = createRoute({
  getParentRoute: () => requestLayout,
  path: '/request-a-rider/$vendorID',
  validateSearch: requestSearch,
  component: RequestARiderScreen,
});

const trackingListSearch = (search: Record<string, unknown>): { order_id?: string } => ({ order_id: optionalString(search.order_id) });
const orderTrackingRoute = createRoute({ getParentRoute: () => privateLayout, path: '/order-tracking', validateSearch: trackingListSearch, component: OrderTrackingScreen });
const orderTrackingForVendorRoute = createRoute({
  getParentRoute: () => privateLayout,
  path: '/order-tracking/$vendorID',
  validateSearch: trackingListSearch,
  component: OrderTrackingScreen,
});

const historyRoute = createRoute({ getParentRoute: () => privateLayout, path: '/history', component: HistoryScreen });
const historyForVendorRoute = createRoute({ getParentRoute: () => privateLayout, path: '/history/$vendorID', component: HistoryScreen });
/** Insights: signed-in vendor users only; a guest's orders live on the device, not in the figures. */
const insightsLayout = createRoute({
  getParentRoute: () => privateLayout,
  id: 'insights',
  beforeLoad: ({ context }) => {
    if (context.access.isGuest) throw redirect({ to: '/' });
  },
});
const insightsRoute = createRoute({ getParentRoute: () => insightsLayout, path: '/insights', component: InsightsScreen });
const insightsForVendorRoute = createRoute({ getParentRoute: () => insightsLayout, path: '/insights/$vendorID', component: InsightsScreen });
const helpCentreRoute = createRoute({ getParentRoute: () => privateLayout, path: '/helpcenter/$vendorID', component: HelpCentreScreen });

/** Settings → Developers (API keys): signed-in vendor users only; a guest has no vendor to give a key. */
const developersRoute = createRoute({
  getParentRoute: () => privateLayout,
  path: '/settings/developers',
  beforeLoad: ({ context }) => {
    if (context.access.isGuest) throw redirect({ to: '/' });
  },
  component: DevelopersScreen,
});

/** Saved order templates of the selected outlet: signed-in vendor users only. */
const templatesRoute = createRoute({
  getParentRoute: () => privateLayout,
  path: '/templates',
  beforeLoad: ({ context }) => {
    if (context.access.isGuest) throw redirect({ to: '/' });
  },
  component: TemplatesScreen,
});

/** The selected vendor's recurring orders (saved templates on a schedule): signed-in members who may place orders. */
const recurringOrdersRoute = createRoute({
  getParentRoute: () => privateLayout,
  path: '/recurring-orders',
  beforeLoad: ({ context }) => {
    if (context.access.isGuest) throw redirect({ to: '/' });
    // A role that may not place orders has no schedules to manage (the server refuses them too).
    if (context.access.mayPlaceOrders === 'refused') throw redirect({ to: context.access.landingPath });
  },
  component: RecurringOrdersScreen,
});

/** Settings → Notifications (messages to recipients, per outlet): signed-in vendor users, as Developers. */
const notificationSettingsRoute = createRoute({
  getParentRoute: () => privateLayout,
  path: '/settings/notifications',
  beforeLoad: ({ context }) => {
    if (context.access.isGuest) throw redirect({ to: '/' });
  },
  component: NotificationSettingsScreen,
});

/** Settings → Team (members and invitations): owners of the selected vendor; others land where their role allows. */
const teamRoute = createRoute({
  getParentRoute: () => privateLayout,
  path: '/settings/team',
  beforeLoad: ({ context }) => {
    if (context.access.mayManageTeam === 'refused') throw redirect({ to: context.access.landingPath });
  },
  component: TeamScreen,
});

/** Settings → Audit (who did what and when): owners and managers of the selected vendor. */
const auditRoute = createRoute({
  getParentRoute: () => privateLayout,
  path: '/settings/audit',
  beforeLoad: ({ context }) => {
    if (context.access.mayReadAudit === 'refused') throw redirect({ to: context.access.landingPath });
  },
  component: AuditScreen,
});

/** Bulk upload exists only under the BulkOrderUpload flag; otherwise / (SPEC §2). */
const bulkLayout = createRoute({
  getParentRoute: () => privateLayout,
  id: 'bulk',
  beforeLoad: ({ context }) => {
    if (!context.access.bulkOrderUpload) throw redirect({ to: '/' });
  },
});
const bulkRoute = createRoute({ getParentRoute: () => bulkLayout, path: '/bulk-order', component: BulkOrderScreen });
const bulkForVendorRoute = createRoute({ getParentRoute: () => bulkLayout, path: '/bulk-order/$vendorID', component: BulkOrderScreen });
const bulkJobRoute = createRoute({ getParentRoute: () => bulkLayout, path: '/bulk-order/$vendorID/$bulkJobID', component: BulkOrderScreen });

export const routeTree = rootRoute.addChildren([
  publicLayout.addChildren([
    landingRoute,
    loginRoute,
    registerRoute,
    forgotPasswordRoute,
    termsRoute,
    prohibitedItemsRoute,
    faqRoute,
    recipientTrackingRoute,
    deliveryReceiptRoute,
    c2cTrackingRoute,
    invitationRoute,
    maintenanceRoute,
  ]),
  privateLayout.addChildren([
    requestLayout.addChildren([requestRoute, requestForVendorRoute]),
    orderTrackingRoute,
    orderTrackingForVendorRoute,
    historyRoute,
    historyForVendorRoute,
    insightsLayout.addChildren([insightsRoute, insightsForVendorRoute]),
    helpCentreRoute,
    developersRoute,
    templatesRoute,
    recurringOrdersRoute,
    notificationSettingsRoute,
    teamRoute,
    auditRoute,
    bulkLayout.addChildren([bulkRoute, bulkForVendorRoute, bulkJobRoute]),
  ]),
]);

export function createAppRouter(access: RouteAccess, history?: Parameters<typeof createRouter>[0]['history']) {
  return createRouter({ routeTree, context: { access }, history, notFoundMode: 'root', defaultPreload: 'intent' });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
