import { describe, expect, it } from 'vitest';
import { c2cStage, etaKind, isNearEta, isRiderAssigned, publicTrackingKind, publicTrackingPath, recipientStage, shouldPollRider, showsFullMap, ORDER_STATUSES } from '../../domain';
import { NOON_UTC_2026_03_10 as T0, anOrder } from './anOrder';

describe('rider assigned (DESIGN domain API)', () => {
  it('is true when the latest COURIER_ACCEPTED_DELIVERY comes after the latest WAITING_FOR_TRANSPORT', () => {
    const order = anOrder().withStatus('WAITING_FOR_TRANSPORT', T0).withStatus('COURIER_ACCEPTED_DELIVERY', T0 + 60).build();
    expect(isRiderAssigned(order)).toBe(true);
  });

  it('is false when the order went back to waiting after an acceptance (rider unassigned)', () => {
    const order = anOrder()
      .withStatus('WAITING_FOR_TRANSPORT', T0)
      .withStatus('COURIER_ACCEPTED_DELIVERY', T0 + 60)
      .withStatus('WAITING_FOR_TRANSPORT', T0 + 120)
      .build();
    expect(isRiderAssigned(order)).toBe(false);
  });

  it('is false without any acceptance', () => {
    expect(isRiderAssigned(anOrder().withStatus('WAITING_FOR_TRANSPORT').build())).toBe(false);
  });
});

describe('ETA and map (SPEC §4)', () => {
  it.each(['ASSIGNED_TO_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY', 'RECEIVED_BY_VENDOR', 'ACCEPTED_BY_VENDOR', 'NEAR_VENDOR'] as const)(
    '%s shows the ETA to the vendor',
    (status) => expect(etaKind(status)).toBe('to-vendor'),
  );
  it.each(['PICKED_UP', 'NEAR_CUSTOMER'] as const)('%s shows the ETA to the customer', (status) => expect(etaKind(status)).toBe('to-customer'));
  it('other statuses show no ETA', () => {
    expect(etaKind('NEW')).toBeNull();
    expect(etaKind('DELIVERED')).toBeNull();
    expect(etaKind('COURIER_LEFT_VENDOR')).toBeNull();
  });

  it('hides the full map in NEW, RECEIVED and WAITING_FOR_TRANSPORT only', () => {
    for (const status of ORDER_STATUSES) {
      expect(showsFullMap(status)).toBe(!['NEW', 'RECEIVED', 'WAITING_FOR_TRANSPORT'].includes(status));
    }
  });

  it("'near' means under 5 minutes", () => {
    expect(isNearEta(4)).toBe(true);
    expect(isNearEta(4.9)).toBe(true);
    expect(isNearEta(5)).toBe(false);
  });
});

describe('rider polling (SPEC §4)', () => {
  it('polls for DELAYED and from RECEIVED_BY_VENDOR up to before DELIVERED', () => {
    const polled = ORDER_STATUSES.filter(shouldPollRider).sort();
    expect(polled).toEqual(
      ['DELAYED', 'RECEIVED_BY_VENDOR', 'ACCEPTED_BY_VENDOR', 'WAITING_FOR_TRANSPORT', 'ASSIGNED_TO_TRANSPORT', 'COURIER_ACCEPTED_DELIVERY', 'MODIFIED', 'NEAR_VENDOR', 'PICKED_UP', 'COURIER_LEFT_VENDOR', 'NEAR_CUSTOMER'].sort(),
    );
  });
});

describe('tracking page stages (SPEC §4)', () => {
  it.each([
    ['NEW', 'preparing', 'placed'],
    ['RECEIVED', 'preparing', 'placed'],
    ['WAITING_FOR_TRANSPORT', 'preparing', 'placed'],
    ['COURIER_ACCEPTED_DELIVERY', 'courier-accepted', 'to-collection'],
    ['ASSIGNED_TO_TRANSPORT', 'courier-accepted', 'to-collection'],
    ['NEAR_VENDOR', 'near-vendor', 'near-collection'],
    ['PICKED_UP', 'collected', 'to-delivery'],
    ['COURIER_LEFT_VENDOR', 'collected', 'to-delivery'],
    ['RETURN_INITIATED', 'return-initiated', 'to-delivery'],
    ['NEAR_CUSTOMER', 'near-customer', 'near-delivery'],
    ['DELIVERED', 'delivered', 'delivered'],
    ['RETURNED_TO_VENDOR', 'returned', 'delivered'],
    ['CANCELLED', null, 'cancelled'],
    ['PAYMENT_FAILED', null, 'cancelled'],
  ] as const)('%s: recipient %s, consumer-to-consumer %s', (status, recipient, c2c) => {
    const order = anOrder().withStatus(status).build();
    expect(recipientStage(order)).toBe(recipient);
    expect(c2cStage(order)).toBe(c2c);
  });

  it('a rider is never assigned to an order no rider has accepted, whatever its history', () => {
    expect(isRiderAssigned(anOrder().build())).toBe(false);
    expect(isRiderAssigned(anOrder().withStatus('WAITING_FOR_TRANSPORT', T0).build())).toBe(false);
  });

  it('a MODIFIED order keeps the stage of its latest located status too', () => {
    const order = anOrder().withStatus('COURIER_ACCEPTED_DELIVERY', T0).withStatus('PICKED_UP', T0 + 60).withStatus('MODIFIED', T0 + 120).build();
    expect(recipientStage(order)).toBe('collected');
    expect(c2cStage(order)).toBe('to-delivery');
  });

  it('reads the latest located status by time, past DELAYED and MODIFIED entries, whatever order the history lists them in', () => {
    const order = anOrder()
      .withHistory([
        { status: 'DELAYED', created_at: T0 + 240 },
        { status: 'PICKED_UP', created_at: T0 + 120 },
        { status: 'WAITING_FOR_TRANSPORT', created_at: T0 },
        { status: 'MODIFIED', created_at: T0 + 180 },
        { status: 'NEAR_VENDOR', created_at: T0 + 60 },
      ])
      .currently('DELAYED')
      .build();
    expect(recipientStage(order)).toBe('collected');
    expect(c2cStage(order)).toBe('to-delivery');
  });

  it('a DELAYED order whose history locates nothing is still preparing', () => {
    const order = anOrder().withStatus('DELAYED').build();
    expect(recipientStage(order)).toBe('preparing');
    expect(c2cStage(order)).toBe('placed');
  });

  it("the order's own status decides the stage when the history has not caught up with it", () => {
    const order = anOrder().withStatus('NEW', T0).currently('PICKED_UP').build();
    expect(recipientStage(order)).toBe('collected');
    expect(c2cStage(order)).toBe('to-delivery');
  });

  it('a DELAYED order keeps the stage of its latest located status', () => {
    const order = anOrder().withStatus('NEAR_VENDOR', T0).withStatus('PICKED_UP', T0 + 60).withStatus('DELAYED', T0 + 120).build();
    expect(recipientStage(order)).toBe('collected');
    expect(c2cStage(order)).toBe('to-delivery');
  });
});

describe('public tracking pages (SPEC §2 routes)', () => {
  it("an individual sender's parcel is tracked on the consumer-to-consumer page, a vendor's order on the recipient page", () => {
    expect(publicTrackingKind({ sender_name: 'Nora' })).toBe('c2c');
    expect(publicTrackingKind({ sender_name: null })).toBe('recipient');
    expect(publicTrackingKind({ sender_name: '' })).toBe('recipient');
  });

  it('puts the order id in the path of its page, escaped', () => {
    expect(publicTrackingPath('recipient', 'sa-1-0001')).toBe('/tracking/sa-1-0001');
    expect(publicTrackingPath('c2c', 'vendorID-0a1b')).toBe('/tracking-c2c/vendorID-0a1b');
    expect(publicTrackingPath('recipient', 'a/b?c')).toBe('/tracking/a%2Fb%3Fc');
  });
});
