// The signed-in pages' screen chunks and their frame, imported from here rather than from the route
// table: each import() carries the list of files its chunk needs preloaded, and in the entry those
// lists were about 1 kB gzip of every public page's first JavaScript (docs/decisions/0004-first-load.md,
// session 19). This module is a small lazy chunk of its own; src/app/routes.tsx starts it at startup on
// any page but the three a phone opens first, and on entering those that lead to signed-in pages.
export const SignedInFrame = () => import('./SignedInFrame');
export const BulkOrderScreen = () => import('../../screens/bulk/BulkOrderScreen');
export const HelpCentreScreen = () => import('../../screens/help-centre/HelpCentreScreen');
export const InsightsScreen = () => import('../../screens/insights/InsightsScreen');
export const HistoryScreen = () => import('../../screens/history/HistoryScreen');
export const OrderTrackingScreen = () => import('../../screens/tracking/OrderTrackingScreen');
export const RequestScreen = () => import('../../screens/request/RequestScreen');
export const TemplatesScreen = () => import('../../screens/templates/TemplatesScreen');
export const RecurringOrdersScreen = () => import('../../screens/recurring/RecurringOrdersScreen');
export const DevelopersScreen = () => import('../../screens/developers/DevelopersScreen');
export const NotificationSettingsScreen = () => import('../../screens/notification-settings/NotificationSettingsScreen');
export const TeamScreen = () => import('../../screens/team/TeamScreen');
export const AuditScreen = () => import('../../screens/audit/AuditScreen');
