import { describe, expect, it } from 'vitest';
import { rabbitQueueNames, systemConsumers } from '../../src/bus/topology';
import { checkDeclaredConsumers } from '../../src/runtime';

const declared = {
  name: 'shop',
  consumes: [
    { name: 'shop.orders', events: ['order.placed', 'order.cancelled'] },
    { name: 'shop.users', events: ['user.deleted'] },
  ],
};

describe('systemConsumers', () => {
  it('lists every declared consumer with its service, in module order', () => {
    const consumers = systemConsumers([
      declared,
      { name: 'mail' },
      { name: 'sms', consumes: [{ name: 'sms.otp', events: ['otp.requested'] }] },
    ]);
    expect(consumers).toEqual([
      { service: 'shop', name: 'shop.orders', events: ['order.placed', 'order.cancelled'] },
      { service: 'shop', name: 'shop.users', events: ['user.deleted'] },
      { service: 'sms', name: 'sms.otp', events: ['otp.requested'] },
    ]);
  });

  it('refuses two consumers with one name (they would share a queue)', () => {
    expect(() =>
      systemConsumers([declared, { name: 'other', consumes: [{ name: 'shop.users', events: ['x'] }] }]),
    ).toThrow('consumer shop.users is declared twice');
  });
});

describe('checkDeclaredConsumers (at start)', () => {
  it('accepts the declared consumers in any order', () => {
    expect(() =>
      checkDeclaredConsumers(declared, [
        { name: 'shop.users', events: ['user.deleted'] },
        { name: 'shop.orders', events: ['order.cancelled', 'order.placed'] },
      ]),
    ).not.toThrow();
  });

  it('fails on a consumer the service does not declare', () => {
    expect(() =>
      checkDeclaredConsumers(declared, [
        ...declared.consumes,
        { name: 'shop.stock', events: ['order.placed'] },
      ]),
    ).toThrow('service shop: consumer shop.stock is not declared in consumes');
  });

  it('fails on a declared consumer that is not created', () => {
    expect(() => checkDeclaredConsumers(declared, [declared.consumes[0]!])).toThrow(
      'service shop: declared consumer shop.users is not created',
    );
  });

  it('fails on a consumer bound to other events than declared', () => {
    expect(() =>
      checkDeclaredConsumers(declared, [
        { name: 'shop.orders', events: ['order.placed'] },
        declared.consumes[1]!,
      ]),
    ).toThrow('service shop: consumer shop.orders has events other than it declares');
  });
});

describe('rabbitQueueNames', () => {
  it('names the three queues after the consumer, with the prefix when given', () => {
    expect(rabbitQueueNames('shop.orders', 't1')).toEqual({
      queue: 't1.shop.orders',
      retry: 't1.shop.orders.retry',
      dlq: 't1.shop.orders.dlq',
    });
    expect(rabbitQueueNames('shop.orders').queue).toBe('shop.orders');
  });
});
