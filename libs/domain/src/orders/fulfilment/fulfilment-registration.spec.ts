import { expect } from 'chai';
import { Container, Service, Token } from 'typedi';
import { Database, OrderModel } from '@platform/db';
import { createCustomer, createTrainingProduct, testContainer } from '@platform/testing';
import { ProductAccessFulfilmentService } from '../../access';
import { FULFILMENT_HANDLERS } from '../../shared';
import type { FulfilmentHandler } from '../../shared';
import { OrderWriter } from '../checkout/order-writer.service';
import { OrderFulfilmentService } from './order-fulfilment.service';

/** A stand-in for the training context's handler: a handler orders knows only through the token. */
@Service()
class TrainingStandInFulfilment implements FulfilmentHandler {
  readonly productTypes = ['training'] as const;
  fulfil = () => Promise.resolve();
  revoke = () => Promise.resolve();
  release = () => Promise.resolve();
}

const PROBE = new Token<object>('fulfilment-registration-spec.probe');
@Service({ id: PROBE, multiple: true })
class MultipleProbe {}

/** The registry is filled by each app's composition root (createAppContainer), never by orders itself. */
describe('fulfilment handler registration', () => {
  it('every app container fulfils courses, digital books and trainings (createAppContainer registers the access and training handlers)', async () => {
    const registry = (await testContainer('fulfilment-registration-default')).get(OrderFulfilmentService);
    expect(() => registry.assertFulfillable(['course', 'digital_book', 'training'])).to.not.throw();
  });

  it("takes the handlers of the container's own FULFILMENT_HANDLERS, one container unaffected by another", async () => {
    const own = await testContainer('fulfilment-registration-own');
    own.set(FULFILMENT_HANDLERS, [TrainingStandInFulfilment]);
    const other = await testContainer('fulfilment-registration-other');
    expect(() => own.get(OrderFulfilmentService).assertFulfillable(['training'])).to.not.throw();
    expect(() => own.get(OrderFulfilmentService).assertFulfillable(['course', 'training'])).to.throw(/No fulfilment handler for product type course/);
    expect(() => other.get(OrderFulfilmentService).assertFulfillable(['course', 'training'])).to.not.throw();
  });

  it('fails loudly in a container nobody registered handlers in', () => {
    const bare = Container.of(`fulfilment-registration-bare-${process.pid}`);
    expect(() => bare.get(OrderFulfilmentService)).to.throw(/No fulfilment handlers in container/);
  });

  it("typedi's multiple services stay in the global container: a per-app container's getMany does not see them (why a token holds the list)", async () => {
    expect(Container.getMany(PROBE)).to.have.length(1);
    expect(Container.getMany(PROBE)[0]).to.be.instanceOf(MultipleProbe);
    expect((await testContainer('fulfilment-registration-multiple')).getMany(PROBE)).to.deep.equal([]);
  });

  it('OrderWriter refuses a line no handler fulfils before anything is written (no money is asked for it)', async () => {
    const container = await testContainer('fulfilment-registration-writer');
    container.set(FULFILMENT_HANDLERS, [ProductAccessFulfilmentService]);
    const customer = await createCustomer(container);
    const training = await createTrainingProduct();
    const draft = {
      owner: { kind: 'customer', id: customer.id },
      source: 'buy_now',
      cartId: null,
      lines: [{ productId: training.id, productType: 'training', title: training.title, unitMrpPaisa: 5_000, unitSpPaisa: 5_000, quantity: 1 }],
      promoCode: null,
      gateway: 'esewa',
      returnUrl: 'http://localhost/return',
    } as unknown as Parameters<OrderWriter['write']>[0];
    const failure = await container
      .get(Database)
      .transaction((tx) => container.get(OrderWriter).write(draft, tx, new Date()))
      .catch((error: unknown) => error);
    expect(String(failure)).to.match(/No fulfilment handler for product type training/);
    expect(await OrderModel.count({ where: { userId: customer.id } })).to.equal(0);
  });
});
