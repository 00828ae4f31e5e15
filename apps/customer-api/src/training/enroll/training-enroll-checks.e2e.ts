import { expect } from 'chai';
import { OrderModel, TrainingCohortModel, TrainingEnrollmentModel } from '@platform/db';
import { createCourse, createPromotion, TestCustomer } from '@platform/testing';
import { EnrollApp, startEnrollApp } from './enroll-test-app.test-helper';

/**
 * POST /api/mobile/training/enroll refusals (learning-commerce.md "Errors → Training"; CONTRACT §4
 * statuses): each check with its code, and nothing written (no order, no enrollment, no seat).
 */
describe('Training enroll checks (customer-api)', () => {
  let app: EnrollApp;
  let customer: TestCustomer;

  before(async () => {
    app = await startEnrollApp('training-enroll-checks-e2e');
  });
  after(() => app.close());
  beforeEach(async () => {
    customer = await app.newCustomer();
  });

  const refused = async (body: object, status: number, errorCode: string) => {
    const res = await app.enroll(customer, body).expect(status);
    expect(res.body.errorCode).to.equal(errorCode);
    expect(await OrderModel.count({ where: { userId: customer.id } })).to.equal(0);
    expect(await TrainingEnrollmentModel.count({ where: { userId: customer.id } })).to.equal(0);
    return res;
  };

  it('answers 401 without a token', async () => {
    const training = await app.training();
    const res = await app.api.http.post('/api/mobile/training/enroll').send(app.bodyFor(training)).expect(401);
    expect(res.body.errorCode).to.equal('UNAUTHORIZED');
  });

  it('refuses a product that is not a training (or does not exist): 400 TRAINING_PRODUCT_REQUIRED', async () => {
    const training = await app.training();
    const { product } = await createCourse();
    await refused(app.bodyFor(training, { productId: product.id }), 400, 'TRAINING_PRODUCT_REQUIRED');
    await refused(app.bodyFor(training, { productId: 2_000_000_000 }), 400, 'TRAINING_PRODUCT_REQUIRED');
  });

  it('refuses an unpublished, unsellable or draft training: 400 TRAINING_PRODUCT_UNAVAILABLE', async () => {
    for (const options of [{ published: false }, { sellable: false }, { status: 'archived' as const, published: true }]) {
      const training = await app.training(options);
      await refused(app.bodyFor(training), 400, 'TRAINING_PRODUCT_UNAVAILABLE');
    }
  });

  it('refuses a cohort of another training: 404 TRAINING_COHORT_NOT_FOUND', async () => {
    const [training, other] = await Promise.all([app.training(), app.training()]);
    await refused(app.bodyFor(training, { cohortId: other.cohorts[0].id }), 404, 'TRAINING_COHORT_NOT_FOUND');
  });

  it('refuses a closed, cancelled or full cohort with its code (409), taking no seat', async () => {
    const training = await app.training({ cohorts: [{ status: 'closed' }, { status: 'cancelled' }, { status: 'full', capacity: 1, seatsTaken: 1 }] });
    await refused(app.bodyFor(training, { cohortId: training.cohorts[0].id }), 409, 'TRAINING_COHORT_CLOSED');
    await refused(app.bodyFor(training, { cohortId: training.cohorts[1].id }), 409, 'TRAINING_COHORT_CANCELLED');
    await refused(app.bodyFor(training, { cohortId: training.cohorts[2].id }), 409, 'TRAINING_COHORT_FULL');
    expect((await app.cohort(training.cohorts[2].id)).seatsTaken).to.equal(1);
  });

  it('refuses a session of another training: 400 TRAINING_SESSION_MISMATCH, the seat given back', async () => {
    const [training, other] = await Promise.all([app.training(), app.training()]);
    await refused(app.bodyFor(training, { sessionId: other.sessions[0].id }), 400, 'TRAINING_SESSION_MISMATCH');
    expect((await app.cohort(training.cohorts[0].id)).seatsTaken).to.equal(0);
  });

  it('refuses formData that does not fit the form, naming each bad field: 400 TRAINING_INVALID_FORM_DATA', async () => {
    const training = await app.training({
      formFields: [
        { key: 'fullName', label: 'Full name', type: 'text', required: true },
        { key: 'email', label: 'Email', type: 'email', required: true },
        { key: 'phone', label: 'Phone', type: 'phone', required: false },
        { key: 'age', label: 'Age', type: 'number', required: false },
        { key: 'level', label: 'Level', type: 'select', required: true, options: ['beginner', 'advanced'] },
        { key: 'notes', label: 'Notes', type: 'textarea', required: false },
        { key: 'terms', label: 'I agree', type: 'checkbox', required: true },
      ],
    });
    const formData = { email: 'not-an-email', phone: 'call me', age: '30', level: 'expert', terms: false, shoeSize: 42 };
    const res = await refused(app.bodyFor(training, { formData }), 400, 'TRAINING_INVALID_FORM_DATA');
    const problems = Object.fromEntries((res.body.errors as Array<{ field: string; code: string }>).map((error) => [error.field, error.code]));
    expect(problems).to.deep.equal({
      'formData.shoeSize': 'unknown',
      'formData.fullName': 'required',
      'formData.email': 'type',
      'formData.phone': 'type',
      'formData.age': 'type',
      'formData.level': 'option',
      'formData.terms': 'required',
    });

    const valid = { fullName: 'Asha Rai', email: 'asha@example.com', phone: '+977 980-1234567', age: 30, level: 'beginner', notes: null, terms: true };
    await app.enroll(customer, app.bodyFor(training, { formData: valid })).expect(200);
  });

  it('refuses any formData for a training without a form config', async () => {
    const training = await app.training();
    const res = await refused(app.bodyFor(training, { formData: { anything: 'x' } }), 400, 'TRAINING_INVALID_FORM_DATA');
    expect(res.body.errors[0]).to.include({ field: 'formData.anything', code: 'unknown' });
  });

  it('refuses a promo code that does not apply: 400 PROMOTION_NOT_APPLICABLE, the seat given back', async () => {
    const training = await app.training();
    const { product } = await createCourse();
    const promotion = await createPromotion({ productId: product.id });
    await refused(app.bodyFor(training, { promoCode: promotion.code }), 400, 'PROMOTION_NOT_APPLICABLE');
    await refused(app.bodyFor(training, { promoCode: 'NOSUCHCODE' }), 400, 'PROMOTION_NOT_APPLICABLE');
    expect((await app.cohort(training.cohorts[0].id)).seatsTaken).to.equal(0);
  });

  it('refuses a bad body, gateway or returnUrl origin as checkout does: 400 VALIDATION_ERROR', async () => {
    const training = await app.training();
    await refused({ ...app.bodyFor(training), cohortId: undefined }, 400, 'VALIDATION_ERROR');
    await refused(app.bodyFor(training, { gateway: 'paypal' }), 400, 'VALIDATION_ERROR');
    await refused(app.bodyFor(training, { formData: ['x'] }), 400, 'VALIDATION_ERROR');
    await refused(app.bodyFor(training, { returnUrl: 'https://evil.example.org/x' }), 400, 'VALIDATION_ERROR');
    await refused(app.bodyFor(training, { paymentMethod: 'cash' }), 400, 'ORDER_PAYMENT_METHOD_NOT_SUPPORTED');
  });

  it('refuses a different request while an enrollment is pending: 409 TRAINING_ALREADY_ENROLLED', async () => {
    const training = await app.training({ cohorts: [{}, {}] });
    await app.enroll(customer, app.bodyFor(training)).expect(200);
    const res = await app.enroll(customer, app.bodyFor(training, { cohortId: training.cohorts[1].id })).expect(409);
    expect(res.body.errorCode).to.equal('TRAINING_ALREADY_ENROLLED');
    expect(await TrainingEnrollmentModel.count({ where: { userId: customer.id } })).to.equal(1);
    expect(await OrderModel.count({ where: { userId: customer.id } })).to.equal(1);
    expect((await TrainingCohortModel.findByPk(training.cohorts[1].id, { rejectOnEmpty: true })).seatsTaken).to.equal(0);
  });
});
