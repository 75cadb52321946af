// The ApiClient port answered from a StoryWorld held in memory: the screens in Storybook run their real
// machines and providers, and every call they make lands here instead of on the network.
import { ApiError } from '../../adapters/http/apiError';
import type { ApiClient, ApiKeySummary, NotificationSettingsBody, OrderListQuery, OrderPage, SentNotification, WebhookDelivery, WebhookEndpoint } from '../../adapters/ports';
import { notificationEventOf } from '../../domain/recipientNotifications';
import { countryConfig } from '../../domain/countries';
import { dailyOrderTrend } from '../../domain/orderTrend';
import { isDirectOrderLookup, normaliseSearchPhone } from '../../domain/search';
import { matchesStatusFilter, sortNewestFirst } from '../../domain/listGroups';
import { STATUS_FILTERS } from '../../domain/statuses';
import type { AuditEvent, Member, OrderLocation, OrderTemplate, PendingInvitation, RecurringRuleBody, RecurringScheduleView } from '../../domain/api';
import { nextRunAfter, type IsoWeekday } from '../../domain/recurringSchedule';
import type { BulkJob, CustomerLocation, Order, PaymentMethod, Vendor } from '../../domain/types';
import { memoryInsights } from './memoryInsights';
import { demoAuditTrail, demoTeam } from './memoryTeam';
import { STORY_NOW } from './storyClock';
import type { ApiCallName, StoryWorld } from './storyWorld';

const DEMO_USER = { id: 'user-1', email: 'vendor@example.com' };
const SESSION = { AccessToken: 'story-access', IdToken: 'story-id', RefreshToken: 'story-refresh', Expires: STORY_NOW + 3600 };

function notFound(what: string): ApiError {
  return new ApiError('http', 404, `${what}.not-found`, null, `${what}.not-found`);
}

export function createMemoryApiClient(world: StoryWorld): ApiClient {
  let orders: Order[] = [...world.orders];
  let vendors: Vendor[] = [...world.vendors];
  let bulkJobs: BulkJob[] = [...world.bulkJobs];
  let created = 0;
  let apiKeys: ApiKeySummary[] = [];
  let webhooks: WebhookEndpoint[] = [...world.webhooks];
  let webhookDeliveries: (WebhookDelivery & { endpoint_id: string })[] = [];
  // An outlet nobody has set up sends nothing (as on the server); the demo parent sends an SMS when the rider sets off.
  const notificationSettings = new Map<string, NotificationSettingsBody>([[world.vendors[0]?.vendor_id ?? '', { email: [], sms: ['on_the_way'] }]]);
  let quotes = 0;
  let members: Member[] = demoTeam(world.vendors).members;
  let invitations: PendingInvitation[] = demoTeam(world.vendors).invitations;
  const auditEvents: AuditEvent[] = demoAuditTrail(world.vendors);

  /** Runs `answer` unless the story made this call fail or hang. */
  const call = async <T>(name: ApiCallName, answer: () => T): Promise<T> => {
    if (world.pending.includes(name)) return new Promise<T>(() => undefined);
    const failure = world.failures[name];
    if (typeof failure === 'string') throw new ApiError('http', 400, failure, null, failure);
    if (failure !== undefined) throw new ApiError('http', failure.status, failure.key, null, failure.key);
    return answer();
  };
  const vendorById = (vendorId: string): Vendor => {
    const vendor = vendors.find((candidate) => candidate.vendor_id === vendorId);
    if (!vendor) throw notFound('vendor');
    return vendor;
  };
  const orderById = (orderId: string): Order => {
    const order = orders.find((candidate) => candidate.order_id === orderId);
    if (!order) throw notFound('order');
    return order;
  };
  // The stories' request flow sends only complete orders (coordinates, a domain payment method); the
  // wire schema is wider because the real server answers 422 for the rest.
  const storedLocation = (location: OrderLocation): CustomerLocation =>
    ({ ...location, latitude: location.latitude ?? 0, longitude: location.longitude ?? 0 });
  const listed = (vendorId: string, query: OrderListQuery): OrderPage => {
    // As the server: an absent bound is open, 30 a page, an unknown status filter matches nothing.
    const count = query.count ?? 30;
    const status = query.status === undefined ? 'ANY' : STATUS_FILTERS.find((filter) => filter === query.status);
    const matching = orders.filter(
      (order) =>
        order.vendor_id === vendorId &&
        order.created_at >= (query.from ?? 0) &&
        order.created_at <= (query.to ?? Number.POSITIVE_INFINITY) &&
        // As the server: the exact number, spaces removed.
        (query.customer_phone_number === undefined || order.customer.phone_number === normaliseSearchPhone(query.customer_phone_number)) &&
        (query.scheduled === undefined || (order.preordered_for !== null) === query.scheduled) &&
        // As the server (server/orders/statusFilter.ts), through the same domain rule.
        status !== undefined && matchesStatusFilter(order, status, STORY_NOW),
    );
    const start = Number(query.pagination_key ?? 0);
    const page = sortNewestFirst(matching).slice(start, start + count);
    return { data: page, pagination_key: start + count < matching.length ? String(start + count) : null };
  };
  let templates: OrderTemplate[] = [...(world.templates ?? [])];
  let recurring: RecurringScheduleView[] = [...(world.recurringOrders ?? [])];
  /** A schedule as the server answers it, its next run computed by the same domain rule from the story's clock. */
  const recurringView = (known: Pick<RecurringScheduleView, 'schedule_id' | 'vendor_id' | 'template_id' | 'status' | 'last_runs'>, rule: RecurringRuleBody): RecurringScheduleView => {
    const timeZone = rule.time_zone ?? 'Asia/Riyadh';
    const repeat = rule.repeat.kind === 'weekly' ? { kind: 'weekly' as const, weekdays: rule.repeat.weekdays as IsoWeekday[] } : { kind: 'monthly' as const, dayOfMonth: rule.repeat.day_of_month };
    const next = nextRunAfter({ repeat, time: rule.time, timeZone, startsOn: rule.starts_on, until: rule.until }, STORY_NOW);
    return {
      ...known, template_name: templates.find((template) => template.id === known.template_id)?.name ?? '', repeat: rule.repeat, time: rule.time,
      time_zone: timeZone, starts_on: rule.starts_on, until: rule.until, next_run_at: known.status === 'active' ? next : null,
      created_by: 'vendor@example.com', created_at: STORY_NOW, updated_at: STORY_NOW,
    };
  };
  const ruleOfView = (view: RecurringScheduleView): RecurringRuleBody => ({ repeat: view.repeat, time: view.time, time_zone: view.time_zone, starts_on: view.starts_on, until: view.until });
  const replaceRecurring = (vendorId: string, scheduleId: string, change: (view: RecurringScheduleView) => RecurringScheduleView) => {
    const known = recurring.find((view) => view.schedule_id === scheduleId && view.vendor_id === vendorId);
    if (!known) throw new Error('error.not-found');
    const changed = change(known);
    recurring = recurring.map((view) => (view.schedule_id === scheduleId ? changed : view));
    return changed;
  };
  const withVendor = (vendor: Vendor) => {
    vendors = [...vendors.filter((known) => known.vendor_id !== vendor.vendor_id), vendor];
    return vendor;
  };

  return {
    login: (email) => call('login', () => ({ ...SESSION, user: { ...DEMO_USER, email } })),
    extendSession: () => call('extendSession', () => ({ AccessToken: SESSION.AccessToken, IdToken: SESSION.IdToken, ExpiresIn: 3600 })),
    logout: () => call('logout', () => true),
    register: () => call('register', () => ({ user_id: 'user-2' })),
    forgotPassword: () => call('forgotPassword', () => true as const),
    resendVerification: () => call('resendVerification', () => true as const),
    resetPassword: () => call('resetPassword', () => true as const),
    createGuestSession: () => call('createGuestSession', () => ({ token: 'story-guest', expires: STORY_NOW + 86_400 })),
    // A new person invited to the demo vendor as a Viewer; a story makes it expired or used through `failures`.
    getInvitation: () =>
      call('getInvitation', () => ({
        email: 'new.member@example.com', vendor_name: vendors[0]?.name ?? 'Demo vendor', role: 'viewer' as const, expires_at: STORY_NOW + 72 * 3600, has_account: false,
      })),
    acceptInvitation: () => call('acceptInvitation', () => ({ ...SESSION, user: { id: 'user-2', email: 'new.member@example.com', email_verified: true } })),

    getVendors: () => call('getVendors', () => vendors),
    getVendor: (vendorId) => call('getVendor', () => vendorById(vendorId)),
    createOutlet: (body) =>
      call('createOutlet', () =>
        withVendor({
          ...vendorById(body.parent_vendor_id),
          vendor_id: `sa-${1100 + vendors.length}`,
          parent_vendor_id: body.parent_vendor_id,
          is_parent: false,
          name: body.name,
        }),
      ),
    updateOutlet: (vendorId, body) => call('updateOutlet', () => withVendor({ ...vendorById(vendorId), name: body.name })),
    updateVendorAddress: (vendorId, body) =>
      call('updateVendorAddress', () => {
        const vendor = vendorById(vendorId);
        return withVendor({ ...vendor, vendor_information: { ...vendor.vendor_information, location: { ...vendor.vendor_information.location, ...body } } });
      }),
    getHelpCentreToken: () => call('getHelpCentreToken', () => 'story-help-token'),
    initHelpCentre: () => call('initHelpCentre', () => ({ url: 'about:blank' })),
    getCountryParameter: (name) => call('getCountryParameter', () => world.parameters[name] ?? ''),

    listOrders: (vendorId, query) => call('listOrders', () => listed(vendorId, query)),
    // As the server's trend route: the vendor's own orders per day of its country (outlets are not modelled here).
    getOrderTrend: (vendorId, query) =>
      call('getOrderTrend', () => {
        const timeZone = countryConfig(vendorById(vendorId).vendor_information.location.country_code).timeZone;
        const own = orders.filter((order) => order.vendor_id === vendorId);
        return { timeZone, days: dailyOrderTrend(own, { from: query.from, to: query.to, timeZone }) };
      }),
    getInsights: (vendorId, query) =>
      call('getInsights', () => {
        const vendor = vendorById(vendorId);
        const country = countryConfig(vendor.vendor_information.location.country_code);
        const to = query.to ?? STORY_NOW;
        return memoryInsights(orders, { vendorId, name: vendor.vendor_information.name, currency: country.currency, timeZone: country.timeZone }, { from: query.from ?? to - 30 * 86_400, to });
      }),
    getOrder: (vendorId, orderId) =>
      call('getOrder', () => {
        if (!isDirectOrderLookup(orderId, vendorId)) throw notFound('order');
        return orderById(orderId);
      }),
    createOrder: (payload) =>
      call('createOrder', () => {
        created += 1;
        const orderId = `${payload.vendor_id}-9${String(created).padStart(3, '0')}`;
        orders = [
          ...orders,
          {
            order_id: orderId,
            vendor_id: payload.vendor_id,
            created_at: STORY_NOW,
            updated_at: STORY_NOW,
            status: 'NEW',
            status_history: [{ status: 'NEW', created_at: STORY_NOW }],
            preordered_for: payload.preordered_for ?? null,
            customer: { name: payload.customer.name, phone_number: payload.customer.phone_number, location: storedLocation(payload.customer.location) },
            order: { amount: payload.order.amount ?? 0, description: payload.order.description, payment_method: payload.order.payment_method as PaymentMethod },
            delivery_fee: payload.delivery_fee,
          },
        ];
        return { order_id: orderId };
      }),
    updateOrder: (orderId, body) =>
      call('updateOrder', () => {
        const order = orderById(orderId);
        const updated: Order = { ...order, order: { amount: body.amount ?? 0, description: body.item_details, payment_method: body.payment_method as PaymentMethod } };
        orders = orders.map((known) => (known.order_id === orderId ? updated : known));
        return updated;
      }),
    cancelOrder: (body) =>
      call('cancelOrder', () => {
        const cancelled: Order = {
          ...orderById(body.order_id),
          status: 'CANCELLED',
          cancel_reason: body.reason,
          updated_at: STORY_NOW,
        };
        cancelled.status_history = [...cancelled.status_history, { status: 'CANCELLED', created_at: STORY_NOW }];
        orders = orders.map((known) => (known.order_id === body.order_id ? cancelled : known));
        return cancelled;
      }),
    exportOrders: (body) =>
      call('exportOrders', () =>
        body.delivery === 'email'
          ? { kind: 'emailed' as const, emailedTo: DEMO_USER.email }
          : { kind: 'file' as const, file: new Blob(['order_id\n'], { type: 'text/csv' }), fileName: `orders.${body.format}` },
      ),
    exportProofs: (body) => call('exportProofs', () => ({ file: new Blob(['Order ID,Proof,Status\n'], { type: 'application/zip' }), fileName: `proofs-${body.vendor_id}.zip` })),
    downloadOrderProofs: (orderId) => call('downloadOrderProofs', () => ({ file: new Blob(['PK'], { type: 'application/zip' }), fileName: `proofs-${orderId}.zip` })),
    getTracking: (orderId) =>
      call('getTracking', () => {
        const order = orderById(orderId);
        return {
          order_id: order.order_id,
          status: order.status,
          kind: 'recipient' as const,
          stage: null,
          created_at: order.created_at,
          updated_at: order.updated_at,
          preordered_for: order.preordered_for,
          vendor_name: vendorById(order.vendor_id).name,
          sender_first_name: null,
          customer_first_name: order.customer.name.split(' ')[0] ?? '',
          destination: { latitude: order.customer.location.latitude, longitude: order.customer.location.longitude },
          pickup: order.pickup ? { latitude: order.pickup.latitude, longitude: order.pickup.longitude } : null,
          rider: order.rider
            ? { first_name: order.rider.name.split(' ')[0] ?? '', latitude: order.rider.latitude, longitude: order.rider.longitude, updated_at: order.rider.updated_at }
            : null,
          eta_to_vendor_min: order.rider?.eta_to_vendor_min ?? null,
          eta_to_customer_min: order.rider?.eta_to_customer_min ?? null,
          status_history: order.status_history,
        };
      }),
    getReceipt: (orderId) =>
      call('getReceipt', () => {
        const order = orderById(orderId);
        return {
          order_id: order.order_id,
          status: order.status,
          vendor_name: vendorById(order.vendor_id).name,
          customer_first_name: order.customer.name.split(' ')[0] ?? '',
          created_at: order.created_at,
          delivered_at: order.status_history.find((entry) => entry.status === 'DELIVERED')?.created_at ?? null,
          currency: order.currency ?? 'SAR',
          order_amount: order.order.amount,
          delivery_fee: order.delivery_fee ?? 0,
          discount: order.discount ?? 0,
          total_amount: order.total_amount ?? order.order.amount,
          payment_method: order.order.payment_method,
          voucher_code: order.voucher?.code ?? null,
        };
      }),

    getRider: (orderId) =>
      call('getRider', () => {
        const rider = orderById(orderId).rider;
        if (!rider) throw notFound('rider');
        return rider;
      }),
    computeFee: () =>
      call('computeFee', () => {
        quotes += 1;
        const fee = quotes > 1 && world.renewedFee !== null ? world.renewedFee : world.fee;
        return { fee, signature: `story-fee-${quotes}`, expires_at: STORY_NOW + 300 };
      }),
    validateDeliveryArea: () => call('validateDeliveryArea', () => world.deliveryArea),
    getEstimations: () => call('getEstimations', () => ({ pickup_min: 10, dropoff_min: 25 })),

    validateVoucher: (body) =>
      call('validateVoucher', () => ({
        voucher: { code: body.code.toUpperCase(), amount: 10, type: 'PERCENT' as const },
        delivery_fee: Math.round(body.order.delivery_fee * 90) / 100,
        signature: 'story-discounted-fee',
        expires_at: STORY_NOW + 300,
      })),
    getVoucher: (code) => call('getVoucher', () => ({ code: code.toUpperCase(), amount: 10, type: 'PERCENT' as const, expires_at: null })),
    authorizePaymentWallet: () => call('authorizePaymentWallet', () => ({ wallet_id: 'story-wallet', access_token: 'story-wallet-token', expires_in: 600 })),
    createPaymentIntent: () => call('createPaymentIntent', () => ({ payment_methods: ['card'], intent_id: 'story-intent' })),
    confirmPaymentIntent: () => call('confirmPaymentIntent', () => ({ order_id: `sa-1000-9${String(++created).padStart(3, '0')}` })),

    autocomplete: (query) =>
      call('autocomplete', () => world.places.filter((place) => place.address.formatted_address.toLowerCase().includes(query.query.trim().toLowerCase()))),
    reverseGeocode: (latitude, longitude) =>
      call('reverseGeocode', () => [
        {
          address: {
            formatted_address: `Dropped pin near ${latitude.toFixed(4)}, ${longitude.toFixed(4)}, Riyadh`,
            latitude,
            longitude,
            city: 'Riyadh',
            country_code: 'SA',
            zipcode: '',
            street: '',
            number: '',
          },
        },
      ]),
    placeDetails: (queryId) => call('placeDetails', () => world.places.filter((place) => place.address.id === queryId)),
    searchAddressBook: (_vendorId, query) =>
      call('searchAddressBook', () => world.addressBook.filter((entry) => `${entry.name} ${entry.address}`.toLowerCase().includes(query.toLowerCase()))),
    saveAddressBookEntry: (_vendorId, body) => call('saveAddressBookEntry', () => ({ id: `entry-${body.name}`, ...body, notes: body.notes ?? '' })),
    // Saved order templates: the story's own, kept for the story's life.
    listOrderTemplates: (vendorId) => call('listOrderTemplates', () => templates.filter((template) => template.vendor_id === vendorId)),
    createOrderTemplate: (vendorId, body) =>
      call('createOrderTemplate', () => {
        const created = { ...body, id: `template-${templates.length + 1}`, vendor_id: vendorId, created_at: STORY_NOW, updated_at: STORY_NOW };
        templates = [...templates, created];
        return created;
      }),
    updateOrderTemplate: (vendorId, templateId, body) =>
      call('updateOrderTemplate', () => {
        const known = templates.find((template) => template.id === templateId && template.vendor_id === vendorId);
        if (!known) throw new Error('error.not-found');
        const updated = { ...known, ...body, updated_at: STORY_NOW };
        templates = templates.map((template) => (template.id === templateId ? updated : template));
        return updated;
      }),
    deleteOrderTemplate: (vendorId, templateId) =>
      call('deleteOrderTemplate', () => {
        templates = templates.filter((template) => !(template.id === templateId && template.vendor_id === vendorId));
      }),

    // Recurring orders: the story's own schedules of its templates (runs only when a story seeds them).
    listRecurringOrders: (vendorId) => call('listRecurringOrders', () => recurring.filter((view) => view.vendor_id === vendorId)),
    createRecurringOrder: (vendorId, { template_id: templateId, language: _language, ...rule }) =>
      call('createRecurringOrder', () => {
        const created = recurringView({ schedule_id: `schedule-${recurring.length + 1}`, vendor_id: vendorId, template_id: templateId, status: 'active', last_runs: [] }, rule);
        recurring = [...recurring, created];
        return created;
      }),
    updateRecurringOrder: (vendorId, scheduleId, rule) => call('updateRecurringOrder', () => replaceRecurring(vendorId, scheduleId, (known) => recurringView(known, rule))),
    setRecurringOrderPaused: (vendorId, scheduleId, paused) =>
      call('setRecurringOrderPaused', () => replaceRecurring(vendorId, scheduleId, (known) => recurringView({ ...known, status: paused ? 'paused' : 'active' }, ruleOfView(known)))),
    deleteRecurringOrder: (vendorId, scheduleId) =>
      call('deleteRecurringOrder', () => {
        recurring = recurring.filter((view) => !(view.schedule_id === scheduleId && view.vendor_id === vendorId));
      }),

    downloadBulkTemplate: () =>
      call('downloadBulkTemplate', () => ({ file: new Blob([''], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }), fileName: 'bulk-template.xlsx' })),
    createBulkJob: (upload) =>
      call('createBulkJob', () => {
        const job: BulkJob = { ...(bulkJobs[0] ?? missingJob()), bulk_job_id: `bulk-${bulkJobs.length + 1}`, file_name: upload.fileName, created_at: STORY_NOW };
        upload.onProgress?.(1);
        bulkJobs = [job, ...bulkJobs];
        return { bulk_job: job, orders: job.rows ?? [] };
      }),
    listBulkJobs: (vendorId) => call('listBulkJobs', () => bulkJobs.filter((job) => job.vendor_id === vendorId)),
    getBulkJob: (vendorId, jobId, filter) =>
      call('getBulkJob', () => {
        const job = bulkJobs.find((candidate) => candidate.vendor_id === vendorId && candidate.bulk_job_id === jobId);
        if (!job) throw notFound('bulk-job');
        return { ...job, rows: (job.rows ?? []).filter((row) => filter === 'ALL' || row.status === filter) };
      }),
    placeBulkOrders: (jobId) =>
      call('placeBulkOrders', () => {
        const job = bulkJobs.find((candidate) => candidate.bulk_job_id === jobId);
        if (!job) throw notFound('bulk-job');
        const placed: BulkJob = { ...job, status: 'ORDER_PLACEMENT_SUCCESS', totals: { ...job.totals, orders_placed: job.totals.orders_to_be_placed } };
        bulkJobs = bulkJobs.map((known) => (known.bulk_job_id === jobId ? placed : known));
        return placed;
      }),

    getFlags: () => call('getFlags', () => world.flags),
    getVersion: () => call('getVersion', () => ({ build_id: 'storybook' })),

    listApiKeys: () => call('listApiKeys', () => apiKeys),
    createApiKey: (body) => call('createApiKey', () => {
      const keyId = `${apiKeys.length + 1}`.padStart(16, '0');
      const summary: ApiKeySummary = { key_id: keyId, prefix: `cpk_${keyId}`, ...body, created_by: DEMO_USER.email, created_at: STORY_NOW, last_used_at: null };
      apiKeys = [summary, ...apiKeys];
      return { key: `cpk_${keyId}_${'s'.repeat(43)}`, api_key: summary };
    }),
    revokeApiKey: (keyId) => call('revokeApiKey', () => {
      apiKeys = apiKeys.filter((key) => key.key_id !== keyId);
      return true as const;
    }),

    listWebhooks: () => call('listWebhooks', () => webhooks),
    createWebhook: (body) => call('createWebhook', () => {
      const endpoint: WebhookEndpoint = {
        endpoint_id: `we_${webhooks.length + 1}`, ...body, created_by: DEMO_USER.email, created_at: STORY_NOW, previous_secret_expires_at: null, failing_since: null,
      };
      webhooks = [endpoint, ...webhooks];
      return { secret: `whsec_${'s'.repeat(43)}`, endpoint };
    }),
    deleteWebhook: (endpointId) => call('deleteWebhook', () => {
      webhooks = webhooks.filter((endpoint) => endpoint.endpoint_id !== endpointId);
      return true as const;
    }),
    rotateWebhookSecret: (endpointId) => call('rotateWebhookSecret', () => {
      const endpoint = { ...(webhooks.find((known) => known.endpoint_id === endpointId) ?? webhooks[0]!), previous_secret_expires_at: STORY_NOW + 86_400 };
      webhooks = webhooks.map((known) => (known.endpoint_id === endpointId ? endpoint : known));
      return { secret: `whsec_${'r'.repeat(43)}`, endpoint };
    }),
    listWebhookDeliveries: (endpointId, filter) => call('listWebhookDeliveries', () => webhookDeliveries.filter((delivery) =>
      delivery.endpoint_id === endpointId && (filter.event === undefined || delivery.event_type === filter.event) && (filter.result === undefined || delivery.state === filter.result))),
    resendWebhookDelivery: (_endpointId, deliveryId) => call('resendWebhookDelivery', () => {
      webhookDeliveries = webhookDeliveries.map((delivery) => (delivery.delivery_id !== deliveryId ? delivery : {
        ...delivery, state: 'succeeded' as const,
        attempts: [...delivery.attempts, { attempt: delivery.attempts.length + 1, at: STORY_NOW * 1000, status_code: 200, latency_ms: 42, excerpt: 'ok', error: null }],
      }));
      return true as const;
    }),
    sendWebhookTestEvent: (endpointId) => call('sendWebhookTestEvent', () => {
      const delivery_id = `wd_${webhookDeliveries.length + 1}`;
      webhookDeliveries = [{
        endpoint_id: endpointId, delivery_id, event_id: `evt_${delivery_id}`, event_type: 'webhook.test', order_id: null, state: 'failed', created_at: STORY_NOW * 1000, next_attempt_at: null,
        attempts: [{ attempt: 1, at: STORY_NOW * 1000, status_code: 500, latency_ms: 120, excerpt: 'Internal Server Error', error: null }],
      }, ...webhookDeliveries];
      return { delivery_id };
    }),

    getNotificationSettings: (vendorId) => call('getNotificationSettings', () => notificationSettings.get(vendorId) ?? { email: [], sms: [] }),
    saveNotificationSettings: (vendorId, settings) => call('saveNotificationSettings', () => {
      notificationSettings.set(vendorId, settings);
      return settings;
    }),
    // The server renders the real template in the asked language; the stories show its English shape.
    getEmailPreview: (vendorId, query) => call('getEmailPreview', () => {
      const name = vendorById(vendorId).name;
      const link = (path: string) => `https://hungerstation.localhost${path}…`;
      const body = query.event === 'delivered'
        ? `Your order from ${name} has been delivered. Your receipt: ${link('/delivery-receipt/')}`
        : `The rider has collected your order from ${name} and is on the way to you. Track it here: ${link('/tracking/')}`;
      return {
        from: 'HungerStation Send <no-reply@hungerstation.localhost>',
        subject: query.event === 'delivered' ? `Your order from ${name} has been delivered` : `Your order from ${name} is on its way`,
        text: `${body}\n\n--\nTo stop messages from ${name}: ${link('/notifications/opt-out?m=')}\n`,
        language: query.language ?? 'en',
      };
    }),
    // Every demo order told its recipient of each event by SMS, at the time of the status that started it.
    listRecipientMessages: (vendorId, orderId) => call('listRecipientMessages', () => {
      const order = orderById(orderId);
      if (order.vendor_id !== vendorId) throw notFound('order');
      const seen = new Set<string>();
      return [...order.status_history].sort((a, b) => a.created_at - b.created_at).flatMap((entry): SentNotification[] => {
        const event = notificationEventOf(entry.status);
        if (!event || seen.has(event)) return [];
        seen.add(event);
        return [{ event, channel: 'sms', outcome: 'sent', at: entry.created_at }];
      });
    }),

    getTeam: () => call('getTeam', () => ({ members, invitations })),
    inviteMember: (vendorId, body) => call('inviteMember', () => {
      const invitation: PendingInvitation = {
        invitation_id: `inv-${invitations.length + 1}`, email: body.email_address, vendor_id: vendorId, role: body.role,
        invited_by: DEMO_USER.email, created_at: STORY_NOW, expires_at: STORY_NOW + 72 * 3600,
      };
      invitations = [invitation, ...invitations];
      return invitation;
    }),
    changeMember: (vendorId, accountId, change) => call('changeMember', () => {
      members = members.map((member) => (member.vendor_id === vendorId && member.account_id === accountId ? { ...member, ...change } : member));
      return true as const;
    }),
    removeMember: (vendorId, accountId) => call('removeMember', () => {
      members = members.filter((member) => !(member.vendor_id === vendorId && member.account_id === accountId));
      return true as const;
    }),
    resendInvitation: (vendorId, invitationId) => call('resendInvitation', () => {
      const known = invitations.find((invitation) => invitation.invitation_id === invitationId && invitation.vendor_id === vendorId);
      if (!known) throw notFound('invitation');
      const renewed = { ...known, expires_at: STORY_NOW + 72 * 3600 };
      invitations = invitations.map((invitation) => (invitation === known ? renewed : invitation));
      return renewed;
    }),
    revokeInvitation: (vendorId, invitationId) => call('revokeInvitation', () => {
      invitations = invitations.filter((invitation) => !(invitation.invitation_id === invitationId && invitation.vendor_id === vendorId));
      return true as const;
    }),
    listAuditEvents: (_vendorId, query) => call('listAuditEvents', () => auditEvents.filter((event) =>
      (query.actor === undefined || query.actor === '' || event.actor === query.actor) && (query.action === undefined || event.action === query.action)
      && (query.from === undefined || event.at >= query.from) && (query.to === undefined || event.at < query.to))),
    downloadAuditCsv: (vendorId) => call('downloadAuditCsv', () => ({ file: new Blob(['at,actor,action\n'], { type: 'text/csv' }), fileName: `audit-${vendorId}.csv` })),
  };
}

function missingJob(): never {
  throw notFound('bulk-job');
}
