// An outlet's saved order templates.
import type { OrderTemplate } from '../../../domain/api';
import type { AreaCalls } from './apiAreas';
import { segment, type CallHelpers } from './callHelpers';

export function templateCalls({ body }: CallHelpers): AreaCalls<'templates'> {
  return {
    listOrderTemplates: (vendorId) =>
      body<OrderTemplate[]>({ service: 'orders', method: 'GET', path: `/templates/${segment(vendorId)}`, retries: 1 }),
    createOrderTemplate: (vendorId, template) =>
      body<OrderTemplate>({ service: 'orders', method: 'POST', path: `/templates/${segment(vendorId)}`, body: template }),
    updateOrderTemplate: (vendorId, templateId, template) =>
      body<OrderTemplate>({ service: 'orders', method: 'PUT', path: `/templates/${segment(vendorId)}/${segment(templateId)}`, body: template }),
    deleteOrderTemplate: async (vendorId, templateId) => {
      await body<boolean>({ service: 'orders', method: 'DELETE', path: `/templates/${segment(vendorId)}/${segment(templateId)}` });
    },
  };
}
