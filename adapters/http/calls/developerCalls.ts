// Settings → Developers: API keys and webhook endpoints with their deliveries.
import type { ApiKeySummary, CreatedApiKey, WebhookDelivery, WebhookEndpoint, WebhookEndpointWithSecret } from '../../ports';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function developerCalls({ result }: CallHelpers): AreaCalls<'developers'> {
  return {
    listApiKeys: async () => (await result<{ api_keys: ApiKeySummary[] }>({ service: 'orders', method: 'GET', path: '/api-keys' })).api_keys,
    // Never retried: a lost answer would leave a key nobody saw (it can be revoked from the list).
    createApiKey: (key) => result<CreatedApiKey>({ service: 'orders', method: 'POST', path: '/api-keys', body: key, retries: 0 }),
    revokeApiKey: (keyId) => result<true>({ service: 'orders', method: 'DELETE', path: `/api-keys/${segment(keyId)}` }),

    listWebhooks: async () => (await result<{ endpoints: WebhookEndpoint[] }>({ service: 'orders', method: 'GET', path: '/webhooks' })).endpoints,
    // Never retried: a lost answer would leave a secret nobody saw (rotate it from the list).
    createWebhook: (body) => result<WebhookEndpointWithSecret>({ service: 'orders', method: 'POST', path: '/webhooks', body, retries: 0 }),
    deleteWebhook: (endpointId) => result<true>({ service: 'orders', method: 'DELETE', path: `/webhooks/${segment(endpointId)}` }),
    rotateWebhookSecret: (endpointId) => result<WebhookEndpointWithSecret>({ service: 'orders', method: 'POST', path: `/webhooks/${segment(endpointId)}/secret`, retries: 0 }),
    listWebhookDeliveries: async (endpointId, filter) => (await result<{ deliveries: WebhookDelivery[] }>({
      service: 'orders', method: 'GET', path: `/webhooks/${segment(endpointId)}/deliveries`, query: { event: filter.event, result: filter.result },
    })).deliveries,
    resendWebhookDelivery: (endpointId, deliveryId) => result<true>({
      service: 'orders', method: 'POST', path: `/webhooks/${segment(endpointId)}/deliveries/${segment(deliveryId)}/resend`, retries: 0,
    }),
    sendWebhookTestEvent: (endpointId) => result<{ delivery_id: string }>({ service: 'orders', method: 'POST', path: `/webhooks/${segment(endpointId)}/test`, retries: 0 }),
  };
}
