import { createHmac } from 'node:crypto';
import { expect } from 'chai';
import request from 'supertest';
import { createGatewaySimulator } from './gateway-simulator';
import { escapeHtml } from './sim-pages';
import { SIM_ESEWA, SIM_KHALTI_SECRET } from './sim.test-helper';

const app = createGatewaySimulator({ esewa: SIM_ESEWA, khalti: { secretKey: SIM_KHALTI_SECRET }, publicBaseUrl: 'http://sim.test/' });
const KEY = `Key ${SIM_KHALTI_SECRET}`;

function esewaForm(transactionUuid: string, total = '100.00'): Record<string, string> {
  const signed = `total_amount=${total},transaction_uuid=${transactionUuid},product_code=EPAYTEST`;
  return {
    amount: total,
    tax_amount: '0',
    total_amount: total,
    transaction_uuid: transactionUuid,
    product_code: 'EPAYTEST',
    product_service_charge: '0',
    product_delivery_charge: '0',
    success_url: 'http://shop.test/ok',
    failure_url: 'http://shop.test/failed?attempt=1',
    signed_field_names: 'total_amount,transaction_uuid,product_code',
    signature: createHmac('sha256', SIM_ESEWA.secretKey).update(signed).digest('base64'),
  };
}

function khaltiBody(overrides: Record<string, unknown> = {}) {
  return {
    return_url: 'http://shop.test/back',
    website_url: 'http://shop.test',
    amount: 1000,
    purchase_order_id: 'O-1',
    purchase_order_name: 'Book',
    ...overrides,
  };
}

describe(createGatewaySimulator.name, () => {
  afterEach(() => request(app).post('/__sim/reset').expect(204));

  it('answers /healthz and /readyz', async () => {
    await request(app).get('/healthz').expect(200);
    await request(app).get('/readyz').expect(200);
  });

  it('lets a person approve an eSewa payment on its page: the buttons post back and the answer is the redirect', async () => {
    const page = await request(app).post('/esewa/api/epay/main/v2/form').type('form').send(esewaForm('page-1')).expect(200);
    expect(page.headers['content-type']).to.match(/^text\/html/);
    expect(page.text).to.include('action="/esewa/transactions/page-1/decision"').and.include('Rs. 100.00');
    const approved = await request(app).post('/esewa/transactions/page-1/decision').type('form').send({ outcome: 'approve' }).expect(302);
    expect(approved.headers['location']).to.match(/^http:\/\/shop\.test\/ok\?data=[A-Za-z0-9%]+$/);
  });

  it('sends a declined eSewa payment to failure_url exactly as given', async () => {
    await request(app).post('/esewa/api/epay/main/v2/form').type('form').send(esewaForm('page-2')).expect(200);
    const declined = await request(app).post('/esewa/transactions/page-2/decision').type('form').send({ outcome: 'decline' }).expect(302);
    expect(declined.headers['location']).to.equal('http://shop.test/failed?attempt=1');
  });

  it('shows the same page when the same pending form is posted again, and refuses a reused transaction_uuid otherwise', async () => {
    await request(app).post('/esewa/api/epay/main/v2/form').type('form').send(esewaForm('page-3')).expect(200);
    await request(app).post('/esewa/api/epay/main/v2/form').type('form').send(esewaForm('page-3')).expect(200);
    await request(app).post('/esewa/api/epay/main/v2/form').type('form').send(esewaForm('page-3', '200.00')).expect(400);
  });

  it('refuses an eSewa form with missing fields or amounts that do not add up', async () => {
    const { signature: _signature, ...unsigned } = esewaForm('page-4');
    const missing = await request(app).post('/esewa/api/epay/main/v2/form').type('form').send(unsigned).expect(400);
    expect(missing.text).to.include('Missing form fields: signature');
    await request(app).post('/esewa/api/epay/main/v2/form').type('form').send({ ...esewaForm('page-4'), tax_amount: '5' }).expect(400);
  });

  it('requires Approve or Decline from the page and knows nothing of unknown payments', async () => {
    await request(app).post('/esewa/api/epay/main/v2/form').type('form').send(esewaForm('page-5')).expect(200);
    await request(app).post('/esewa/transactions/page-5/decision').type('form').send({ outcome: 'pending' }).expect(400);
    await request(app).post('/esewa/transactions/nope/decision').type('form').send({ outcome: 'approve' }).expect(404);
    await request(app).post('/__sim/esewa/nope/decide').send({ outcome: 'approve' }).expect(404);
    await request(app).post('/__sim/esewa/page-5/decide').send({ outcome: 'maybe' }).expect(400);
  });

  it("answers Khalti calls without the Key prefix with Khalti's 401 body", async () => {
    const response = await request(app)
      .post('/khalti/api/v2/epayment/initiate/')
      .set('authorization', `Bearer ${SIM_KHALTI_SECRET}`)
      .send(khaltiBody())
      .expect(401);
    expect(response.body).to.deep.equal({ detail: 'Authentication credentials were not provided.', status_code: 401 });
  });

  it('reports every invalid Khalti initiate field at once, as Khalti does', async () => {
    const response = await request(app)
      .post('/khalti/api/v2/epayment/initiate/')
      .set('authorization', KEY)
      .send(khaltiBody({ return_url: '', website_url: 'not a url', amount: 'ten', purchase_order_name: undefined }))
      .expect(400);
    expect(response.body).to.deep.equal({
      return_url: ['This field may not be blank.'],
      website_url: ['Enter a valid URL.'],
      purchase_order_name: ['This field is required.'],
      amount: ['A valid integer is required.'],
      error_key: 'validation_error',
    });
  });

  it('answers a Khalti body that is not JSON with a 400 validation error', async () => {
    const response = await request(app)
      .post('/khalti/api/v2/epayment/lookup/')
      .set('authorization', KEY)
      .set('content-type', 'application/json')
      .send('{bad')
      .expect(400);
    expect(response.body).to.include({ error_key: 'validation_error' });
  });

  it('takes the Khalti amount as integer text and a lowercase "key" (both as in its examples); a person approves on the pay page', async () => {
    const initiated = await request(app)
      .post('/khalti/api/v2/epayment/initiate/')
      .set('authorization', `key ${SIM_KHALTI_SECRET}`)
      .send(khaltiBody({ amount: '1000' }))
      .expect(200);
    const { pidx, payment_url: paymentUrl } = initiated.body;
    expect(paymentUrl).to.equal(`http://sim.test/khalti/pay/${pidx}`);
    await request(app).get(`/khalti/pay/${pidx}`).expect(200);
    const approved = await request(app).post(`/khalti/pay/${pidx}/decision`).type('form').send({ outcome: 'approve' }).expect(302);
    expect(approved.headers['location']).to.match(
      new RegExp(`^http://shop\\.test/back\\?pidx=${pidx}&txnId=\\w+&amount=1000&total_amount=1000&status=Completed&`),
    );
    await request(app).get(`/khalti/pay/${pidx}`).expect(409);
  });

  it('forgets every payment on /__sim/reset', async () => {
    await request(app).post('/esewa/api/epay/main/v2/form').type('form').send(esewaForm('page-6')).expect(200);
    const { body } = await request(app).post('/khalti/api/v2/epayment/initiate/').set('authorization', KEY).send(khaltiBody()).expect(200);
    await request(app).post('/__sim/reset').expect(204);
    const status = await request(app)
      .get('/esewa/api/epay/transaction/status/')
      .query({ product_code: 'EPAYTEST', total_amount: '100', transaction_uuid: 'page-6' });
    expect(status.body).to.include({ status: 'NOT_FOUND' });
    await request(app).post('/khalti/api/v2/epayment/lookup/').set('authorization', KEY).send({ pidx: body.pidx }).expect(404);
  });

  it('escapes what it renders', () => {
    expect(escapeHtml(`<script>alert("x")</script>&'`)).to.equal('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;&amp;&#39;');
  });
});
